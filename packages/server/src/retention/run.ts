import { sql } from 'drizzle-orm';
import { OPDRACHT_FINISHED_THRESHOLD } from '@knooppunt/domain';
import { queryRows, type Database } from '../db/client';

/*
 * Retention (decision 0032): delivered messages of finished orders lose their payload after
 * RETENTION_DAYS, audit log entries go after AUDIT_RETENTION_DAYS. Done in small batches, each its
 * own short statement with a pause between them, so that delivery hardly notices: the job holds no
 * lock longer than one batch and skips a row another transaction holds (it is taken next time).
 */

/** Rows per statement: small enough that a batch's locks and its write are brief. */
export const RETENTION_BATCH_SIZE = 500;
/** The pause between two batches, during which delivery has the database to itself. */
export const RETENTION_PAUSE_MS = 200;

export interface RetentionDays {
  /** Delivered messages of finished orders lose their payload after this many days. */
  messageDays: number;
  /** Audit log entries are deleted after this many days. */
  auditDays: number;
}

export interface RetentionRunOptions {
  batchSize?: number;
  pauseMs?: number;
  /** Stops between batches (the worker stopping); the rest is done at the next run. */
  signal?: AbortSignal;
}

export interface RetentionResult {
  /** Messages whose payload was removed. */
  messages: number;
  /** Audit log entries deleted. */
  auditEntries: number;
  /** Statements run (batches over both tables). */
  batches: number;
}

const FINISHED = sql.raw(String(OPDRACHT_FINISHED_THRESHOLD));

/**
 * The conditions of a message whose payload may go, on `m` (messages): delivered before the cutoff,
 * its payload still there, its order finished (status 900 or higher, not in error) and last changed
 * before the cutoff, and no message of that order still waiting for delivery. Stated both when
 * reading candidates and when locking them, so a message resent or an order reopened meanwhile is
 * left alone.
 */
function removable(cutoff: string) {
  return sql`m.delivered_at is not null and m.data_removed_at is null
    and m.delivered_at < ${cutoff}::timestamptz
    and exists (
      select 1 from opdrachten o
      where o.opdracht_id = m.opdracht_id and o.status >= ${FINISHED} and not o.in_error
        and o.changed < ${cutoff}::timestamptz
    )
    and not exists (select 1 from messages u where u.opdracht_id = m.opdracht_id and u.delivered_at is null)`;
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
 * Removes the payload of the messages past RETENTION_DAYS, batch by batch in the order they were
 * delivered (the partial index messages_retention_idx). A batch first reads its candidates without
 * locks, then locks and empties those still removable in one statement, skipping rows another
 * transaction holds. The row stays: counts, lists and history keep it, with `data` `{}`.
 */
async function removeMessagePayloads(
  db: Database,
  days: number,
  options: Required<Pick<RetentionRunOptions, 'batchSize' | 'pauseMs'>> & Pick<RetentionRunOptions, 'signal'>,
): Promise<{ removed: number; batches: number }> {
  const cutoff = await cutoffOf(db, days);
  let after: { at: string; id: string } | undefined;
  let removed = 0;
  let batches = 0;
  while (!options.signal?.aborted) {
    const candidates = await queryRows<{ id: string; at: string }>(
      db,
      sql`select m.id, to_char(m.delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
          from messages m
          where ${removable(cutoff)}
            ${after ? sql`and (m.delivered_at, m.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by m.delivered_at, m.id
          limit ${options.batchSize}`,
    );
    if (candidates.length === 0) break;
    const ids = sql.join(
      candidates.map((candidate) => sql`${candidate.id}::uuid`),
      sql`, `,
    );
    const done = await queryRows<{ id: string }>(
      db,
      sql`with target as (
            select m.id from messages m
            where m.id in (${ids}) and ${removable(cutoff)}
            order by m.id
            for update of m skip locked
          )
          update messages m
          set data = '{}'::jsonb, data_removed_at = now(), data_removed_after_days = ${days}::int
          from target where m.id = target.id
          returning m.id`,
    );
    removed += done.length;
    batches += 1;
    if (candidates.length < options.batchSize) break;
    after = candidates[candidates.length - 1]!;
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
  const settings = {
    batchSize: options.batchSize ?? RETENTION_BATCH_SIZE,
    pauseMs: options.pauseMs ?? RETENTION_PAUSE_MS,
    signal: options.signal,
  };
  const messages = await removeMessagePayloads(db, days.messageDays, settings);
  const audit = await deleteOldAuditEntries(db, days.auditDays, settings);
  return { messages: messages.removed, auditEntries: audit.deleted, batches: messages.batches + audit.batches };
}
