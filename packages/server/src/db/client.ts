import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { TransactionSafePool } from './pool';
import { TEST_POOL_SIZE, TEST_SEARCH_PATH, testEnvironmentClient } from './test-environment';

export type Schema = typeof schema;
/** One type for both drivers, and for a transaction of either: repositories accept any of them. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database seen from the test environment (decision 0038): the exchange's tables are
   * those of the knooppunt_test schema, every other table is production's one shared set.
   */
  test: Database;
  kind: Config['database']['kind'];
  /** Answers when the database does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * The longest a query waits for a connection (a new one, or a free one of the pool): beyond it the
 * database counts as out of reach (`isDatabaseUnavailable`) and a request is answered 503 rather
 * than left waiting for as long as TCP takes to give up on a server that does not answer.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a connection stays open unused (pg's default: 10 s). A new connection costs the server
 * a process and its first statements their catalog lookups and the delivery functions' compiling;
 * under light, bursty traffic (the test environment's, a quiet production's) 10 s closed and
 * opened one every few seconds.
 */
const IDLE_TIMEOUT_MS = 60_000;

export interface OpenOptions {
  /** Apply pending migrations (default); a second handle in a process that did so already need not. */
  migrate?: boolean;
  /** PostgreSQL: production's pool size (10). */
  poolSize?: number;
}

/** Opens the database of the configuration and applies every pending migration. */
export async function openDatabase(
  database: Config['database'],
  log: { warn(details: object, message: string): void } = { warn: () => undefined },
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const migrateIt = options.migrate ?? true;
  if (database.kind === 'postgres') {
    const pool = new TransactionSafePool({
      connectionString: database.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
    });
    // A connection that the server closes (restart, failover, admin) emits 'error' on its client —
    // also while checked out for a transaction, when the pool does not listen — and, when idle,
    // on the pool; unhandled, either would end the process. The query under way fails (a
    // transaction retries, modules/inbound/service.ts); the pool replaces the connection.
    pool.on('connect', (client) => client.on('error', (error) => log.warn({ err: error }, 'database connection lost')));
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    if (migrateIt) await migratePg(db, { migrationsFolder });
    // Connections of their own, whose search path finds the test schema's tables first.
    const testPool = new TransactionSafePool({
      connectionString: database.url,
      max: TEST_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
      options: `-c search_path=${TEST_SEARCH_PATH}`,
    });
    testPool.on('connect', (client) =>
      client.on('error', (error) => log.warn({ err: error }, 'database connection lost')),
    );
    testPool.on('error', () => undefined);
    return {
      db: db as unknown as Database,
      test: drizzlePg(testPool, { schema }) as unknown as Database,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await testPool.end();
        await pool.end();
      },
    };
  }
  // PGlite creates only the last folder of its path; a fresh checkout has no ./data yet.
  if (database.dataDir) await mkdir(database.dataDir, { recursive: true });
  const unlock = database.dataDir ? lockDataDir(database.dataDir) : () => undefined;
  try {
    const client = database.dataDir
      ? new PGlite(database.dataDir)
      : new PGlite(database.loadDataDir ? { loadDataDir: database.loadDataDir } : {});
    const db = drizzlePglite(client, { schema });
    if (migrateIt) await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      test: drizzlePglite({ client: testEnvironmentClient(client), schema }) as unknown as Database,
      kind: 'pglite',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Runs raw SQL on either driver: both answer with `{ rows }`, which the shared type does not know. */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
