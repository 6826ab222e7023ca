/**
 * Fills a database with the large monitoring seed (bench/search/seed-sql.ts): orders, then
 * messages, then leveringen, in chunks that are each one statement and so one transaction; then
 * the outbox's order heads, the orders in error, and VACUUM ANALYZE so that the planner knows the
 * sizes and index-only scans work as they would after autovacuum.
 */
import { sql } from 'drizzle-orm';
import { LATENCY_BUCKET_COUNT } from '@knooppunt/domain';
import { queryRows, type Database } from '../../packages/server/src/db/client';
import {
  INSERT_ORDER_HEADS,
  MARK_IN_ERROR,
  insertAuditEntries,
  INSERT_TERMIJNEN,
  insertDeliveryMinutes,
  insertLeveringen,
  insertMessages,
  insertOpdrachten,
  insertParticipants,
  insertSenders,
  type Run,
  type SeedSizes,
} from './seed-sql';

export type { SeedSizes } from './seed-sql';
export const FULL_SIZES: SeedSizes = { messages: 1_000_000, opdrachten: 200_000, leveringen: 50_000, audit: 1_000_000 };
export const CHUNK = 50_000;
/** Above this many messages a database is not empty, and seeding it needs --force. */
export const EMPTY_ENOUGH = 1_000;

/** Counts messages up to EMPTY_ENOUGH + 1: enough to tell whether seeding would mix with real data. */
export async function messageCount(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from (select 1 from messages limit ${EMPTY_ENOUGH + 1}) m`),
  );
  return row?.n ?? 0;
}

export function validSizes(sizes: SeedSizes): SeedSizes {
  for (const [name, value] of Object.entries(sizes)) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${value}`);
  }
  if (sizes.opdrachten < 5 && (sizes.messages > 0 || sizes.leveringen > 0)) {
    throw new Error('--opdrachten must be at least 5 for messages and leveringen (every 5th order is Hoofdnet)');
  }
  return sizes;
}

export interface SeedResult {
  tag: string;
  seconds: number;
  undelivered: number;
  heads: number;
  inError: number;
}

/** Seeds `sizes` rows; `log` gets a line per step. */
export async function seedLarge(db: Database, sizes: SeedSizes, log: (line: string) => void): Promise<SeedResult> {
  const started = performance.now();
  const run: Run = { tag: Date.now().toString(36).slice(-6).toUpperCase(), at: new Date(), sizes: validSizes(sizes) };
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const exec = (statement: string) => db.execute(sql.raw(statement));

  await exec(insertParticipants());
  const chunked = async (what: string, total: number, statement: (from: number, to: number) => string) => {
    for (let from = 1; from <= total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK - 1);
      await exec(statement(from, to));
      log(`${what}: ${to.toLocaleString('en')} / ${total.toLocaleString('en')} (${elapsed()})`);
    }
  };
  await chunked('opdrachten', sizes.opdrachten, (from, to) => insertOpdrachten(run, from, to));
  await chunked('messages', sizes.messages, (from, to) => insertMessages(run, from, to));
  await chunked('leveringen', sizes.leveringen, (from, to) => insertLeveringen(run, from, to));
  await chunked('audit entries', sizes.audit, (from, to) => insertAuditEntries(run, from, to));
  await exec(INSERT_ORDER_HEADS);
  await exec(MARK_IN_ERROR);
  await exec(INSERT_TERMIJNEN);
  log(`order heads, orders in error and deadlines (${elapsed()})`);
  // One statement each: VACUUM cannot run inside a transaction (nor a multi-statement exec in PGlite).
  for (const table of [
    'opdrachten',
    'messages',
    'leveringen',
    'order_heads',
    'organisations',
    'audit_log',
    'termijnen',
  ]) {
    await exec(`vacuum analyze ${table}`);
  }
  log(`vacuum analyze (${elapsed()})`);

  const [counts] = await queryRows<{ undelivered: number; heads: number; in_error: number }>(
    db,
    sql`select (select count(*)::int from messages where delivered_at is null) as undelivered,
               (select count(*)::int from order_heads) as heads,
               (select count(*)::int from opdrachten where in_error) as in_error`,
  );
  return {
    tag: run.tag,
    seconds: (performance.now() - started) / 1000,
    undelivered: counts?.undelivered ?? 0,
    heads: counts?.heads ?? 0,
    inError: counts?.in_error ?? 0,
  };
}

/**
 * The Overzicht's inputs, for bench:search only (not seed:large: see insertSenders): a sender per
 * participant and flow, and every minute of the last 24 hours counted for each. Answers the rows.
 */
export async function seedOverzicht(db: Database, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  const run: Run = { tag: 'OVERZICHT', at: new Date(), sizes: { messages: 0, opdrachten: 0, leveringen: 0, audit: 0 } };
  await db.execute(sql.raw(insertSenders()));
  await db.execute(sql.raw(insertDeliveryMinutes(run, LATENCY_BUCKET_COUNT)));
  for (const table of ['senders', 'delivery_minutes']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from delivery_minutes`);
  log(
    `senders and delivery counters: ${(row?.n ?? 0).toLocaleString('en')} minutes (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return row?.n ?? 0;
}
