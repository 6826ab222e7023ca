import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client';
import { TEST_SCHEMA } from '../../src/db/test-environment';

/** Per table: its row count and an order-independent hash of its rows. */
export type Fingerprint = Map<string, string>;

/**
 * A cheap fingerprint of every application table (public schema, and the test environment's as
 * `knooppunt_test.<table>`): one statement, a count and a sum of row hashes per table, so any
 * insert, update or delete shows. `excluded` names tables that legitimately change on reads.
 */
/**
 * Written in the background by every process, whatever a request did: the operator's alerts
 * (operator/alerts.ts) and the refresh of the orders past a deadline (termijnen/late-orders.ts).
 */
const BACKGROUND_TABLES = [
  'process_heartbeats',
  'platform_alerts',
  'platform_faults',
  'late_orders',
  'late_orders_refresh',
];

export async function fingerprinter(db: Database, excludedToo: readonly string[] = []) {
  const excluded = [...BACKGROUND_TABLES, ...excludedToo];
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select case when table_schema = 'public' then table_name else table_schema || '.' || table_name end as name
          from information_schema.tables
          where table_schema in ('public', ${TEST_SCHEMA}) and table_type = 'BASE TABLE' order by 1`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !excluded.includes(name));
  if (tables.length === 0) throw new Error('no application tables found');
  const statement = sql.raw(
    tables
      .map(
        (name) =>
          `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text as print from ${name
            .split('.')
            .map((part) => `"${part}"`)
            .join('.')} t`,
      )
      .join(' union all '),
  );
  return {
    tables,
    async take(): Promise<Fingerprint> {
      const rows = await queryRows<{ name: string; print: string }>(db, statement);
      return new Map(rows.map((row) => [row.name, row.print]));
    },
  };
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
