import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const VERSION = 'v1';
const KEY_FILE = 'secret.key';

/** Where the key lives when SECRET_KEY is not set: generated once into the data folder. */
export const secretKeyFile = (dataDir: string) => path.join(dataDir, KEY_FILE);

/**
 * Encrypts secrets at rest with AES-256-GCM. The context (e.g. deelnemer and versienummer) is
 * bound as additional authenticated data, so a ciphertext copied to another row does not decrypt.
 */
export interface SecretCipher {
  encrypt(plain: string, context: string): string;
  decrypt(stored: string, context: string): string;
}

export function createSecretCipher(key: Buffer): SecretCipher {
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, base64-encoded');
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    decrypt(stored, context) {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error('unknown secret format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key from SECRET_KEY, or — without it — one generated once into the data folder (readable by
 * the owner only). Several processes on one database need SECRET_KEY so they share the key.
 */
export async function loadSecretKey(secretKey: string | undefined, dataDir: string | undefined): Promise<Buffer> {
  if (secretKey) return Buffer.from(secretKey, 'base64');
  if (!dataDir) throw new Error('SECRET_KEY is required when there is no data folder');
  const file = secretKeyFile(dataDir);
  const existing = await readSecretKeyFile(dataDir);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created the file meanwhile; then read theirs.
  await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' }).catch(async (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
}

/** The key in the data folder, if one was generated there; nothing is created. */
export async function readSecretKeyFile(dataDir: string): Promise<Buffer | undefined> {
  try {
    return Buffer.from((await readFile(secretKeyFile(dataDir), 'utf8')).trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/** Whether a key was generated into the data folder (an existing deployment's key). */
export const hasSecretKeyFile = (dataDir: string) => existsSync(secretKeyFile(dataDir));
