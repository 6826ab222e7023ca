import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { configurations } from '../src/db/schema';
import { StartupError } from '../src/secrets/check';

/*
 * A SECRET_KEY that cannot read the stored secrets stops the start (issue 29 item 2): with it every
 * delivery would fail and count against the receiver, while /health said ok.
 */

const key = () => randomBytes(32).toString('base64');

describe('the secret key at start-up', () => {
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
