import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { configurations } from '../src/db/schema';
import { SECRET_KEY_TEXTS, StartupError } from '../src/secrets/check';
import { createTestApp } from './helpers';

/*
 * A SECRET_KEY that cannot read the stored secrets stops the start (issue 29 item 2): with it every
 * delivery would fail and count against the receiver, while /health said ok.
 */

const key = () => randomBytes(32).toString('base64');

describe('the secret key at start-up', { timeout: 90_000 }, () => {
  it('starts with the key the secrets were stored with, and refuses another, naming SECRET_KEY', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-key-'));
    const stored = key();
    const config = (secretKey: string) =>
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ROLE: 'api',
        WEB_DIST: '/nonexistent',
        SECRET_KEY: secretKey,
      });

    // The demo stores its participants' configurations, their client secrets encrypted with `stored`.
    const first = await buildApp(config(stored));
    const [newest] = await first.db.select().from(configurations).limit(1);
    expect(newest).toBeDefined();
    await first.close();

    const refused = buildApp(config(key()));
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    await expect(refused).rejects.toThrow(/^SECRET_KEY past niet bij de opgeslagen geheimen/);

    // The right key again: it starts, so the refusal left the database as it was.
    const again = await buildApp(config(stored));
    expect((await again.inject('/health')).statusCode).toBe(200);
    await again.close();
  });

  it('starts on an empty database with any key: there is nothing to read yet', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-key-'));
    const app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ROLE: 'api',
        WEB_DIST: '/nonexistent',
        DEMO: '0',
        SECRET_KEY: key(),
      }),
    );
    expect(await app.db.select().from(configurations)).toHaveLength(0);
    await app.close();
  });
});

/** No server listens here: a start that got as far as connecting would fail otherwise than asserted. */
const NOWHERE = 'postgres://knooppunt@127.0.0.1:1/knooppunt';
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

describe('SECRET_KEY with a PostgreSQL server (decision 0046)', () => {
  it('is required: without it the start is refused before the database is opened, naming SECRET_KEY', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-key-'));
    const config = loadConfig({ DATABASE_URL: NOWHERE, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const refused = buildApp(config);
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    await expect(refused).rejects.toThrow(SECRET_KEY_TEXTS.missing(path.join(dataDir, 'secret.key'), false));
    // No key was generated into the checkout's data folder.
    expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(false);

    // A deployment whose key was generated there before: told to move that key into SECRET_KEY.
    await writeFile(path.join(dataDir, 'secret.key'), randomBytes(32).toString('base64'));
    await expect(buildApp(config)).rejects.toThrow(/Daar staat al een sleutel: zet de inhoud ervan in SECRET_KEY/);
  });

  it('the server process says so in one line and exits with 1', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-key-'));
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', MAIN],
        {
          env: { ...process.env, DATABASE_URL: NOWHERE, DATA_DIR: dataDir, SECRET_KEY: '', LOG_LEVEL: 'silent' },
          timeout: 30_000,
        },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    // Its last line (oidc-provider may warn about the Node version before it), and no stack.
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      `Knooppunt start niet: ${SECRET_KEY_TEXTS.missing(path.join(dataDir, 'secret.key'), false)}`,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  // A real server: the key is generated into (and read from) DATA_DIR when the operator says so.
  it.runIf(process.env.TEST_DATABASE_URL)('may be kept in DATA_DIR when SECRET_KEY_IN_DATA_DIR=1 says so', async () => {
    // No demo: its configurations' secrets were stored under the test app's own key.
    const t = await createTestApp({ DEMO: '0' });
    try {
      if (t.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-key-'));
      const app = await buildApp(
        loadConfig({
          DATABASE_URL: t.config.database.url,
          DATA_DIR: dataDir,
          SECRET_KEY_IN_DATA_DIR: '1',
          LOG_LEVEL: 'silent',
          ROLE: 'api',
          WEB_DIST: '/nonexistent',
        }),
      );
      await app.close();
      expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
