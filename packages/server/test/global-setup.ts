import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { serverDatabase } from './support/test-database';

/**
 * Once per run, before any test file: a migrated database for every test's database to start
 * from (support/test-database.ts), removed at the end.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const folder = await mkdtemp(path.join(tmpdir(), 'knooppunt-test-'));
    const dumpFile = path.join(folder, 'template.tar');
    await writeFile(dumpFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await handle.close();
    project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
    return () => rm(folder, { recursive: true, force: true });
  }
  const template = await serverDatabase(serverUrl, 'knooppunt_template');
  try {
    // Migrated, then closed: a database is copied only while nobody is connected to it.
    const handle = await openDatabase({ kind: 'postgres', url: template.url });
    await handle.close();
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide('databaseTemplate', { kind: 'postgres', name: template.name });
  return template.drop;
}
