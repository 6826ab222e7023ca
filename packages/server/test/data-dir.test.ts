import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { organisations } from '../src/db/schema';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

// Two starts on a fresh PGlite cluster: creating and migrating it takes most of a minute on a busy host.
describe('the embedded database', { timeout: 90_000 }, () => {
  it('starts on a data folder that does not exist yet, and keeps its data across a restart', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'knooppunt-data-')), 'nieuw', 'data');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', WEB_DIST: '/nonexistent' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });

    const first = await buildApp(config);
    expect((await first.inject('/health')).json()).toMatchObject({ status: 'ok', database: 'ok' });
    const seeded = (await first.db.select().from(organisations)).length;
    expect(seeded).toBeGreaterThan(0);
    await first.close();

    const second = await buildApp(config);
    expect(await second.db.select().from(organisations)).toHaveLength(seeded);
    await second.close();
  });
});
