import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretCipher, loadSecretKey } from '../src/secrets/cipher';

describe('secret cipher', () => {
  const cipher = createSecretCipher(randomBytes(32));

  it('round-trips a secret without showing it in the stored form', () => {
    const stored = cipher.encrypt('zeer-geheim', 'Aannemer_Alfa|2.0');
    expect(stored).not.toContain('zeer-geheim');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(stored, 'Aannemer_Alfa|2.0')).toBe('zeer-geheim');
    expect(cipher.encrypt('zeer-geheim', 'x')).not.toBe(cipher.encrypt('zeer-geheim', 'x'));
  });

  it('refuses a ciphertext moved to another context, tampered with, or read with another key', () => {
    const stored = cipher.encrypt('zeer-geheim', 'Aannemer_Alfa|2.0');
    expect(() => cipher.decrypt(stored, 'Aannemer_Beta|2.0')).toThrow();
    expect(() => cipher.decrypt(`${stored.slice(0, -2)}AA`, 'Aannemer_Alfa|2.0')).toThrow();
    expect(() => createSecretCipher(randomBytes(32)).decrypt(stored, 'Aannemer_Alfa|2.0')).toThrow();
  });

  it('generates a key once into the data folder, readable by the owner only', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'knooppunt-key-'));
    const first = await loadSecretKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect(await loadSecretKey(undefined, dir)).toEqual(first);
    expect((await stat(path.join(dir, 'secret.key'))).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await readFile(path.join(dir, 'secret.key'), 'utf8'), 'base64')).toEqual(first);
  });

  it('takes SECRET_KEY when given and rejects a key of the wrong size', async () => {
    const key = randomBytes(32);
    expect(await loadSecretKey(key.toString('base64'), undefined)).toEqual(key);
    expect(() => createSecretCipher(randomBytes(16))).toThrow('32 bytes');
  });
});
