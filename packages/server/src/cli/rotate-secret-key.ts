import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import type { Actor } from '../audit/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createSecretCipher, readSecretKeyFile, secretKeyFile, type SecretCipher } from '../secrets/cipher';
import { assertSecretKeyConfigured, StartupError } from '../secrets/check';
import { reencryptSecrets, SecretUnreadableError, type ReencryptedCounts } from '../secrets/rotate';

export const ROTATE_TEXTS = {
  noOldKey: (file: string) =>
    `Geen sleutel om de geheimen mee te lezen: SECRET_KEY is niet gezet en ${file} bestaat niet. ` +
    'Geef de sleutel zoals de server hem krijgt.',
  badKey: (name: string) =>
    `${name} is geen sleutel van 32 bytes in base64 (maak er een met: openssl rand -base64 32).`,
  newKeyNeeded:
    'Zet NEW_SECRET_KEY op de nieuwe sleutel (openssl rand -base64 32) en bewaar hem eerst waar SECRET_KEY staat: ' +
    'de opdracht versleutelt de geheimen daarmee opnieuw; daarna krijgt elk proces hem als SECRET_KEY.',
  sameKey: 'NEW_SECRET_KEY is dezelfde sleutel als de huidige: er is niets te doen.',
  leftOver: (file: string) =>
    `${file} bestaat al, van een eerdere rotate-secret-key die niet afkwam. Kijk eerst met welke sleutel Knooppunt ` +
    'start (secret.key of deze), en verwijder of hernoem dan dit bestand.',
  done: ({ clientSecrets, webhookSecrets }: ReencryptedCounts) =>
    `Opnieuw versleuteld in één transactie: ${clientSecrets.productie + clientSecrets.test} client secrets ` +
    `(productie ${clientSecrets.productie}, test ${clientSecrets.test}) en ` +
    `${webhookSecrets.productie + webhookSecrets.test} ondertekeningsgeheimen ` +
    `(productie ${webhookSecrets.productie}, test ${webhookSecrets.test}).`,
  setSecretKey:
    'Zet nu bij elk proces SECRET_KEY op de nieuwe sleutel (de waarde van NEW_SECRET_KEY) en start ze; met de oude ' +
    'sleutel start Knooppunt niet meer. Bewaar de oude sleutel zolang u back-ups van vóór nu bewaart.',
  fileReplaced: (file: string, previous: string) =>
    `De nieuwe sleutel staat in ${file}, de vorige in ${previous}: bewaar die zolang u back-ups van vóór nu bewaart. ` +
    'Start Knooppunt weer.',
  unchanged: 'Er is niets veranderd: de geheimen staan nog onder de oude sleutel.',
} as const;

interface Plan {
  from: SecretCipher;
  to: SecretCipher;
  /** With the key in DATA_DIR/secret.key: the new key is written there after the commit. */
  file?: { path: string; key: Buffer };
}

type Io = { out: (line: string) => void; err: (line: string) => void };

/** The cipher of a key, or undefined when it is not 32 bytes. */
function cipherOf(key: Buffer): SecretCipher | undefined {
  try {
    return createSecretCipher(key);
  } catch {
    return undefined;
  }
}

/**
 * Before the database is opened: the key the secrets are stored under, as the server reads it
 * (SECRET_KEY, else DATA_DIR/secret.key where the server may keep it), and the new one —
 * NEW_SECRET_KEY; with the key file and without NEW_SECRET_KEY one is generated. Answers the plan,
 * or the reason it cannot go on.
 */
export async function planRotation(
  config: Config,
  env: Record<string, string | undefined>,
): Promise<Plan | { refusal: string }> {
  try {
    assertSecretKeyConfigured(config);
  } catch (error) {
    if (error instanceof StartupError) return { refusal: error.message };
    throw error;
  }
  const newKey = env.NEW_SECRET_KEY === undefined ? undefined : Buffer.from(env.NEW_SECRET_KEY, 'base64');
  if (newKey && !cipherOf(newKey)) return { refusal: ROTATE_TEXTS.badKey('NEW_SECRET_KEY') };

  if (config.secretKey) {
    const current = Buffer.from(config.secretKey, 'base64');
    const from = cipherOf(current);
    if (!from) return { refusal: ROTATE_TEXTS.badKey('SECRET_KEY') };
    if (!newKey) return { refusal: ROTATE_TEXTS.newKeyNeeded };
    if (newKey.equals(current)) return { refusal: ROTATE_TEXTS.sameKey };
    return { from, to: createSecretCipher(newKey) };
  }

  const dataDir = config.dataDir ?? '.';
  const path = secretKeyFile(dataDir);
  const current = await readSecretKeyFile(dataDir);
  if (!current) return { refusal: ROTATE_TEXTS.noOldKey(path) };
  const from = cipherOf(current);
  if (!from) return { refusal: ROTATE_TEXTS.badKey(path) };
  if (existsSync(`${path}.new`)) return { refusal: ROTATE_TEXTS.leftOver(`${path}.new`) };
  const key = newKey ?? randomBytes(32);
  if (key.equals(current)) return { refusal: ROTATE_TEXTS.sameKey };
  return { from, to: createSecretCipher(key), file: { path, key } };
}

/**
 * `rotate-secret-key` (decision 0046): every stored secret re-encrypted under the new key in one
 * transaction. With the key file the new key is first written beside it (`secret.key.new`, so it
 * exists before anything depends on it) and takes the place of `secret.key` only after the commit;
 * the previous file is kept with the time in its name, for the backups made under it.
 */
export async function rotateSecretKey(db: Database, plan: Plan, actor: Actor, { out, err }: Io): Promise<number> {
  const staged = plan.file && `${plan.file.path}.new`;
  if (plan.file && staged) {
    await writeFile(staged, plan.file.key.toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  let counts;
  try {
    counts = await reencryptSecrets(db, plan.from, plan.to, actor);
  } catch (error) {
    if (staged) await unlink(staged);
    if (!(error instanceof SecretUnreadableError)) {
      err(ROTATE_TEXTS.unchanged);
      throw error;
    }
    err(error.message);
    return 1;
  }
  out(ROTATE_TEXTS.done(counts));
  if (!plan.file || !staged) {
    out(ROTATE_TEXTS.setSecretKey);
    return 0;
  }
  const previous = `${plan.file.path}.${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}.old`;
  await rename(plan.file.path, previous);
  await rename(staged, plan.file.path);
  out(ROTATE_TEXTS.fileReplaced(plan.file.path, previous));
  return 0;
}
