import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { retentionDueCondition } from '../db/monitoring';
import { opdrachten } from '../db/schema';
import { deleteOldTestData } from './test-environment';

/*
 * Retention (decision 0032): delivered messages of finished orders lose their payload after
 * RETENTION_DAYS, audit log entries go after AUDIT_RETENTION_DAYS. Done in small batches, each its
 * own short transaction with a pause between them, so that delivery hardly notices: the job holds
 * no lock longer than one batch and skips a row another transaction holds (it is taken next time).
 */

/** Orders per batch (a few messages each): small enough that a batch's locks and its writes are brief. */
export const RETENTION_ORDER_BATCH_SIZE = 100;
/** Audit log entries per delete statement. */
export const RETENTION_AUDIT_BATCH_SIZE = 500;
/** The pause between two batches, during which delivery has the database to itself. */
export const RETENTION_PAUSE_MS = 200;

export interface RetentionDays {
  /** Delivered messages of finished orders lose their payload after this many days. */
  messageDays: number;
  /** Audit log entries are deleted after this many days. */
  auditDays: number;
  /** The test environment's orders and messages are deleted this many days after their last change. */
  testDays: number;
}

export interface RetentionRunOptions {
  /** Orders per batch and audit entries per statement alike (tests); the defaults above otherwise. */
  batchSize?: number;
  pauseMs?: number;
  /** Stops between batches (the worker stopping); the rest is done at the next run. */
  signal?: AbortSignal;
  /** The test environment's view of the database (decision 0038), whose traffic goes after `testDays`. */
  testDb?: Database;
}

export interface RetentionResult {
  /** Messages whose payload was removed. */
  messages: number;
  /** Audit log entries deleted. */
  auditEntries: number;
  /** Orders of the test environment deleted, with their messages. */
  testOrders: number;
  /** Batches run: transactions over a batch of orders, and statements over the audit log. */
  batches: number;
}

const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** The moment `days` days before the database's now, as text the next statements read back. */
async function cutoffOf(db: Database, days: number): Promise<string> {
  const [row] = await queryRows<{ cutoff: string }>(
    db,
    sql`select to_char((now() - make_interval(days => ${days}::int)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cutoff`,
  );
  return row!.cutoff;
}

/**
 * Removes the payload of the messages past RETENTION_DAYS, going over finished orders rather than
 * messages (decision 0032): the partial index opdrachten_retention_idx holds each finished order
 * the job is not done with, oldest change first. Per batch of orders one short transaction locks
 * those last changed before the cutoff (skipping any another transaction holds), empties their
 * messages delivered before the cutoff — not those of an order with a message still waiting — and
 * marks each order whose messages are now all emptied as done at its current `changed`. An order
 * left unmarked (a message waiting, or delivered after the cutoff) is looked at again at the next
 * run; a marked one comes back by itself when a new message changes it. The rows stay: counts,
 * lists and history keep them, with `data` `{}`.
 */
async function removeMessagePayloads(
  db: Database,
  days: number,
  options: Required<Pick<RetentionRunOptions, 'batchSize' | 'pauseMs'>> & Pick<RetentionRunOptions, 'signal'>,
): Promise<{ removed: number; batches: number }> {
  const cutoff = await cutoffOf(db, days);
  let after: { changed: string; opdrachtId: string } | undefined;
  let removed = 0;
  let batches = 0;
  while (!options.signal?.aborted) {
    const from = after;
    const batch = await db.transaction(async (tx) => {
      const orders = await queryRows<{ opdrachtId: string; changed: string }>(
        tx,
        sql`select opdracht_id as "opdrachtId",
                   to_char(changed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as changed
            from opdrachten
            where ${retentionDueCondition(opdrachten)} and changed < ${cutoff}::timestamptz
              ${from ? sql`and (changed, opdracht_id) > (${from.changed}::timestamptz, ${from.opdrachtId})` : sql``}
            order by changed, opdracht_id
            limit ${options.batchSize}
            for update skip locked`,
      );
      if (orders.length === 0) return { orders, emptied: 0 };
      const ids = sql.join(
        orders.map((order) => sql`${order.opdrachtId}`),
        sql`, `,
      );
      // The batch's messages, read through messages_opdracht_idx only: whether all of an order's
      // are delivered is decided among them, not by a lookup the planner could turn into a walk
      // over every waiting message. The update states its own conditions again, for a row changed
      // meanwhile.
      const emptied = await queryRows<{ id: string }>(
        tx,
        sql`with batch as materialized (
              select id, bool_and(delivered_at is not null) over (partition by opdracht_id) as all_delivered
              from messages where opdracht_id in (${ids})
            )
            update messages m
            set data = '{}'::jsonb, data_removed_at = now(), data_removed_after_days = ${days}::int
            from batch
            where m.id = batch.id and batch.all_delivered
              and m.data_removed_at is null and m.delivered_at < ${cutoff}::timestamptz
            returning m.id`,
      );
      // A later statement sees the one above, and whatever committed meanwhile (a resend).
      await tx.execute(
        sql`update opdrachten o set retained_changed = o.changed
            where o.opdracht_id in (${ids})
              and not exists (
                select 1 from messages m where m.opdracht_id = o.opdracht_id and m.data_removed_at is null
              )`,
      );
      return { orders, emptied: emptied.length };
    });
    if (batch.orders.length === 0) break;
    removed += batch.emptied;
    batches += 1;
    if (batch.orders.length < options.batchSize) break;
    after = batch.orders[batch.orders.length - 1]!;
    await pause(options.pauseMs, options.signal);
  }
  return { removed, batches };
}

/** Deletes the audit log entries past AUDIT_RETENTION_DAYS, oldest first, batch by batch (audit_at_idx). */
async function deleteOldAuditEntries(
  db: Database,
  days: number,
  options: Required<Pick<RetentionRunOptions, 'batchSize' | 'pauseMs'>> & Pick<RetentionRunOptions, 'signal'>,
): Promise<{ deleted: number; batches: number }> {
  const cutoff = await cutoffOf(db, days);
  let deleted = 0;
  let batches = 0;
  while (!options.signal?.aborted) {
    const gone = await queryRows<{ id: number }>(
      db,
      sql`delete from audit_log where id in (
            select id from audit_log where at < ${cutoff}::timestamptz order by at limit ${options.batchSize}
          )
          returning id`,
    );
    deleted += gone.length;
    batches += 1;
    if (gone.length < options.batchSize) break;
    await pause(options.pauseMs, options.signal);
  }
  return { deleted, batches };
}

/** One retention run over messages and the audit log (the worker's daily job; tests call it directly). */
export async function runRetention(
  db: Database,
  days: RetentionDays,
  options: RetentionRunOptions = {},
): Promise<RetentionResult> {
  const settings = { pauseMs: options.pauseMs ?? RETENTION_PAUSE_MS, signal: options.signal };
  const messages = await removeMessagePayloads(db, days.messageDays, {
    ...settings,
    batchSize: options.batchSize ?? RETENTION_ORDER_BATCH_SIZE,
  });
  const audit = await deleteOldAuditEntries(db, days.auditDays, {
    ...settings,
    batchSize: options.batchSize ?? RETENTION_AUDIT_BATCH_SIZE,
  });
  const test = options.testDb
    ? await deleteOldTestData(options.testDb, {
        ...settings,
        days: days.testDays,
        batchSize: options.batchSize ?? RETENTION_ORDER_BATCH_SIZE,
        pause,
      })
    : { orders: 0, batches: 0 };
  return {
    messages: messages.removed,
    auditEntries: audit.deleted,
    testOrders: test.orders,
    batches: messages.batches + audit.batches + test.batches,
  };
}
