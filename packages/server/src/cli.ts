/**
 * The operator's command: `npm run knooppunt -- <command>`. It works on the database of the same
 * configuration as the server, named explicitly: DATABASE_URL, or PGlite in a DATA_DIR that holds
 * a database already — never a new, empty one (decision 0046). It says which database it uses.
 *
 *   invite <e-mailadres>   a fresh one-time set-password link for an existing user: printed here and,
 *                          with SMTP_URL, mailed too (the recovery path for a locked-out administrator);
 *                          the link is made from PUBLIC_URL, which must be set
 *   rotate-secret-key      every stored secret re-encrypted under a new key in one transaction
 *   rotate-receipt-key     a new key for delivery receipts and evidence files; the old one is kept
 *                          (retired) so that what it signed still verifies (decision 0060)
 *   verify <bestand> [--sleutels <bestand of URL>]
 *                          checks an evidence file offline, without a database (decision 0062)
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { JSONWebKeySet } from 'jose';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PASSWORD_LINK_DAYS } from '@knooppunt/domain';
import { planRotation, rotateSecretKey } from './cli/rotate-secret-key';
import { loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { databaseLabel } from './db/label';
import { createPasswordLink } from './idp/password-links';
import { userByEmail } from './idp/users-repository';
import { createMailer } from './mail/outbox';
import { invitationMail } from './mail/templates';
import { createAuditService } from './audit/service';
import { rotateReceiptKey } from './receipts/keys';
import { verifyDossier } from './receipts/dossier-verify';

const USAGE = `Gebruik: npm run knooppunt -- <opdracht>

  invite <e-mailadres>  maakt een nieuwe eenmalige link om het wachtwoord in te stellen voor een
                        bestaande gebruiker (${PASSWORD_LINK_DAYS} dagen geldig), toont die hier en mailt hem als SMTP_URL is gezet.
                        De link begint met PUBLIC_URL.
  rotate-secret-key     versleutelt elk opgeslagen geheim opnieuw met een nieuwe sleutel, in één transactie.
                        Stop eerst elk Knooppunt-proces. Met SECRET_KEY: zet NEW_SECRET_KEY op de nieuwe sleutel.
                        Met de sleutel in DATA_DIR/secret.key komt daar een nieuwe (NEW_SECRET_KEY, of een gemaakte).
  rotate-receipt-key    maakt een nieuwe sleutel voor ontvangstbewijzen en bewijsdossiers. De vorige blijft gepubliceerd
                        (buiten gebruik) zodat wat ermee ondertekend is te controleren blijft. Processen die draaien
                        nemen de nieuwe binnen een minuut over.
  verify <bestand> [--sleutels <bestand of URL>]
                        controleert een bewijsdossier (JSON) zonder database: de handtekening van het dossier,
                        elke inhoud tegen zijn SHA-256 en elk ontvangstbewijs. Geef met --sleutels de gepubliceerde
                        sleutels van Knooppunt (/api/v1/sleutels: een opgeslagen bestand, of de URL); zonder
                        gebruikt het de sleutels in het dossier zelf en zegt het dat.

Zet DATABASE_URL of DATA_DIR (en SECRET_KEY, PUBLIC_URL, SMTP_URL) zoals bij de server.`;

export const CLI_TEXTS = {
  noDatabase:
    'Geen database opgegeven: zet DATABASE_URL (PostgreSQL) of DATA_DIR (de map van de ingebouwde database) zoals ' +
    'bij de server. De opdracht maakt geen nieuwe, lege database.',
  noDatabaseInDataDir: (folder: string) =>
    `In DATA_DIR staat geen database (${folder} ontbreekt of is leeg). Controleer DATA_DIR: de opdracht maakt geen ` +
    'nieuwe, lege database.',
  noPublicUrl:
    'PUBLIC_URL is niet gezet: de link zou naar http://localhost wijzen. Zet PUBLIC_URL op het adres waarop ' +
    'gebruikers Knooppunt bereiken, zoals bij de server.',
  database: (label: string) => `Database: ${label}`,
  fileUnreadable: (file: string) => `Het bestand ${file} is niet te lezen.`,
  keysUnreadable: (from: string) =>
    `De sleutels uit ${from} zijn niet te lezen: geef het bestand of de URL van /api/v1/sleutels (een JWKS).`,
  receiptKeyRotated: (kid: string, retired: string | undefined) =>
    `Nieuwe sleutel voor ontvangstbewijzen: ${kid}.` +
    (retired ? ` De vorige (${retired}) is buiten gebruik en blijft gepubliceerd voor controle.` : ''),
} as const;

const ACTOR = { sub: 'systeem', email: 'systeem (npm run knooppunt)' };

type Io = { out: (line: string) => void; err: (line: string) => void };
type Command =
  | { name: 'invite'; email: string }
  | { name: 'rotate-secret-key' }
  | { name: 'rotate-receipt-key' }
  | { name: 'verify'; file: string; keys?: string };
type Run = (database: DatabaseHandle) => Promise<number>;

function parse(args: string[]): Command | undefined {
  const [name, ...rest] = args;
  if (name === 'invite' && rest.length === 1 && rest[0]) return { name, email: rest[0] };
  if ((name === 'rotate-secret-key' || name === 'rotate-receipt-key') && rest.length === 0) return { name };
  if (name === 'verify' && rest.length === 1 && rest[0]) return { name, file: rest[0] };
  if (name === 'verify' && rest.length === 3 && rest[0] && rest[1] === '--sleutels' && rest[2]) {
    return { name, file: rest[0], keys: rest[2] };
  }
  return undefined;
}

/** What a command checks before a database is opened; answers what it runs there, or the exit code of a refusal. */
async function prepare(
  command: Command,
  env: Record<string, string | undefined>,
  config: Config,
  io: Io,
): Promise<Run | number> {
  if (command.name === 'invite') {
    if (!env.PUBLIC_URL) {
      io.err(CLI_TEXTS.noPublicUrl);
      return 1;
    }
    return (database) => invite(database, config, command.email, io);
  }
  if (command.name === 'rotate-receipt-key') {
    return async (database) => {
      const { kid, retired } = await rotateReceiptKey(database.db, ACTOR);
      io.out(CLI_TEXTS.receiptKeyRotated(kid, retired));
      return 0;
    };
  }
  const plan = await planRotation(config, env);
  if ('refusal' in plan) {
    io.err(plan.refusal);
    return 1;
  }
  return (database) => rotateSecretKey(database.db, plan, ACTOR, io);
}

/** Runs one command; answers the exit code. Output goes through `out` and `err` (tests read them). */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = (line) => void process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): Promise<number> {
  const command = parse(args);
  if (!command) {
    err(USAGE);
    return 2;
  }
  // Verifying needs no database: it works offline, anywhere.
  if (command.name === 'verify') return verify(command.file, command.keys, { out, err });
  // DATA_DIR has a default for the server's first start; the command takes no database by default.
  if (!env.DATABASE_URL && !env.DATA_DIR) {
    err(CLI_TEXTS.noDatabase);
    return 1;
  }
  const config = loadConfig(env);
  const { database: where } = config;
  if (where.kind === 'pglite' && where.dataDir && !existsSync(path.join(where.dataDir, 'PG_VERSION'))) {
    err(CLI_TEXTS.noDatabaseInDataDir(where.dataDir));
    return 1;
  }
  const run = await prepare(command, env, config, { out, err });
  if (typeof run === 'number') return run;
  out(CLI_TEXTS.database(databaseLabel(where)));
  let database;
  try {
    database = await openDatabase(where);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

/** `verify`: an evidence file checked against the keys given (a file or URL), else its own. */
async function verify(file: string, keysFrom: string | undefined, { out, err }: Io): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    err(CLI_TEXTS.fileUnreadable(file));
    return 1;
  }
  let keys: JSONWebKeySet | undefined;
  if (keysFrom) {
    try {
      const json: unknown = /^https?:\/\//.test(keysFrom)
        ? await (await fetch(keysFrom, { signal: AbortSignal.timeout(10_000) })).json()
        : JSON.parse(await readFile(keysFrom, 'utf8'));
      if (!json || typeof json !== 'object' || !Array.isArray((json as JSONWebKeySet).keys)) throw new Error('no JWKS');
      keys = json as JSONWebKeySet;
    } catch {
      err(CLI_TEXTS.keysUnreadable(keysFrom));
      return 1;
    }
  }
  const result = await verifyDossier(text, keys);
  for (const check of result.checks) out(`${check.ok ? '✓' : '✗'} ${check.text}`);
  return result.ok ? 0 : 1;
}

/** `invite`: a fresh set-password link for an existing user, printed and (with mail on) mailed. */
async function invite(database: DatabaseHandle, config: Config, email: string, { out, err }: Io): Promise<number> {
  const silent = {
    info: () => undefined,
    warn: () => undefined,
    error: (o: object, m: string) => err(`${m} ${JSON.stringify(o)}`),
  };
  const mailer = createMailer({
    db: database.db,
    smtp: config.mail && { url: config.mail.smtpUrl, from: config.mail.from },
    log: silent,
  });
  try {
    const user = await userByEmail(database.db, email);
    if (!user) {
      err(
        `Geen gebruiker met e-mailadres ${email}. Een nieuwe gebruiker maakt u aan in het portaal (Gebruikers) of met ADMIN_EMAIL.`,
      );
      return 1;
    }
    const url = await database.db.transaction(async (tx) => {
      const url = await createPasswordLink(tx, user.id, config.publicUrl);
      await createAuditService().record(tx, ACTOR, {
        action: 'user.password-link',
        subjectType: 'user',
        subjectId: user.email,
      });
      await mailer.enqueue(tx, invitationMail(user.email, url, `${config.publicUrl}/`));
      return url;
    });
    out(
      `Link om het wachtwoord van ${user.email} in te stellen (${PASSWORD_LINK_DAYS} dagen geldig, één keer te gebruiken):`,
    );
    out(url);
    if (mailer.enabled) {
      const sent = await mailer.flush();
      out(
        sent > 0
          ? `De link is ook gemaild naar ${user.email}.`
          : 'Mailen lukte nu niet; de server probeert het opnieuw. De link hierboven werkt al.',
      );
    }
    return 0;
  } finally {
    await mailer.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
