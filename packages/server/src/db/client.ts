import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers, and for a transaction of either: repositories accept any of them. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: Config['database']['kind'];
  /** Answers when the database does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Opens the database of the configuration and applies every pending migration. */
export async function openDatabase(
  database: Config['database'],
  log: { warn(details: object, message: string): void } = { warn: () => undefined },
): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection that the server closes (restart, failover, admin) emits 'error' on the
    // pool; unhandled, that would end the process. The pool replaces it on next use.
    pool.on('error', (error) => log.warn({ err: error }, 'idle database connection lost'));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  // PGlite creates only the last folder of its path; a fresh checkout has no ./data yet.
  if (database.dataDir) await mkdir(database.dataDir, { recursive: true });
  const client = database.dataDir ? new PGlite(database.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

/** Runs raw SQL on either driver: both answer with `{ rows }`, which the shared type does not know. */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Like `queryRows`, as a named prepared statement: on PostgreSQL each connection parses it once and,
 * once its generic plan proves as good as the per-call ones (after five runs), stops planning it —
 * for the delivery loop's statements, whose planning cost as much as their execution. The name is
 * the hash of the SQL text, so the text must not vary with values (they go in as parameters). On
 * PGlite the same as `queryRows`. Uses Drizzle's session API (`db._.session`), as
 * monitoring/statements.ts does; pinned with drizzle-orm.
 */
export async function queryRowsPrepared<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  const prepared = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
