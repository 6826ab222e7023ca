import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Config } from '../../src/config';

/**
 * What test/global-setup.ts prepared once per run: a migrated database that every test's database
 * starts from. PGlite: a dump of its data directory in a file; PostgreSQL: a database on the server
 * of TEST_DATABASE_URL to copy (`create database … template`). Creating a PGlite cluster and
 * migrating it takes seconds; copying the migrated one, about one.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };
  }
}

export interface TestDatabase {
  database: Config['database'];
  /** The new database's URL on the PostgreSQL server, for other processes; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

let dump: Promise<Blob> | undefined;

/**
 * A fresh database of the test's own, migrated: PGlite in memory, or — when TEST_DATABASE_URL
 * names a PostgreSQL server — a new database on that server, dropped by `drop`.
 */
export async function testDatabase(prefix = 'knooppunt_test'): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    dump ??= readFile(template.dumpFile).then((bytes) => new Blob([bytes]));
    return {
      database: { kind: 'pglite', dataDir: undefined, loadDataDir: await dump },
      url: undefined,
      drop: async () => {},
    };
  }
  const { url, drop } = await serverDatabase(process.env.TEST_DATABASE_URL!, prefix, template.name);
  return { database: { kind: 'postgres', url }, url, drop };
}

/**
 * A new database on the PostgreSQL server of `serverUrl` (a copy of `template` when given): its
 * name, its URL, and how to drop it.
 */
export async function serverDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** One statement on the server's maintenance connection (create and drop database). */
async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
