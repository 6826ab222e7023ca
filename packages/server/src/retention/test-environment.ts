import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

/*
 * Retention of the test environment (decision 0038): its orders are deleted with their messages,
 * leveringen and heads TEST_RETENTION_DAYS after their last change, whatever their state — a test
 * order left half-way is no use to anyone a month later. Its counters and past alerts go after the
 * same time, and so do the signed receipt batches none of its messages names any more. The test
 * configurations and senders stay: they are a participant's setup, not traffic.
 * In batches of orders, each its own short transaction, as production's retention (run.ts).
 */

export interface TestRetentionOptions {
  days: number;
  batchSize: number;
  pauseMs: number;
  signal?: AbortSignal | undefined;
  pause(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

/** Deletes the test environment's traffic past its retention; answers the orders deleted and the batches run. */
export async function deleteOldTestData(
  testDb: Database,
  options: TestRetentionOptions,
): Promise<{ orders: number; batches: number }> {
  const cutoff = sql`now() - make_interval(days => ${options.days}::int)`;
  let orders = 0;
  let batches = 0;
  // Keyset paging: an order left for the next run (its head claimed) is not read again in this one.
  let after: { changed: string; opdrachtId: string } | undefined;
  while (!options.signal?.aborted) {
    const from = after;
    const deleted = await testDb.transaction(async (tx) => {
      const locked = await queryRows<{ opdrachtId: string; changed: string }>(
        tx,
        sql`select opdracht_id as "opdrachtId",
                   to_char(changed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as changed
            from opdrachten
            where changed < ${cutoff}
              ${from ? sql`and (changed, opdracht_id) > (${from.changed}::timestamptz, ${from.opdrachtId})` : sql``}
            order by changed, opdracht_id
            limit ${options.batchSize}
            for update skip locked`,
      );
      if (locked.length === 0) return { locked, gone: 0 };
      const ids = sql`array[${sql.join(
        locked.map((order) => sql`${order.opdrachtId}`),
        sql`, `,
      )}]::text[]`;
      // A head the worker holds now stays, and so does its order (deleted at the next run): the
      // delete waits for a claim being written and skips the head once it is claimed.
      await tx.execute(
        sql`delete from order_heads
            where opdracht_id = any(${ids}) and (claimed_until is null or claimed_until < now())`,
      );
      const gone = await queryRows<{ opdrachtId: string }>(
        tx,
        sql`with free as (
              select o from unnest(${ids}) as o
              where not exists (select 1 from order_heads h where h.opdracht_id = o)
            ),
            leveringen_gone as (delete from leveringen where opdracht_id in (select o from free)),
            messages_gone as (delete from messages where opdracht_id in (select o from free))
            delete from opdrachten where opdracht_id in (select o from free)
            returning opdracht_id as "opdrachtId"`,
      );
      return { locked, gone: gone.length };
    });
    if (deleted.locked.length === 0) break;
    orders += deleted.gone;
    batches += 1;
    if (deleted.locked.length < options.batchSize) break;
    after = deleted.locked[deleted.locked.length - 1]!;
    await options.pause(options.pauseMs, options.signal);
  }
  if (!options.signal?.aborted) {
    await testDb.execute(sql`delete from delivery_minutes where minute < ${cutoff}`);
    await testDb.execute(sql`delete from delivery_alerts where recovered_at < ${cutoff}`);
    // Signed receipt batches (decision 0060) no test message names any more, once as old: an
    // anti-join over the test messages' receipts (a hash of them), not a look-up per batch.
    await testDb.execute(
      sql`delete from receipt_batches b
          where b.created < ${cutoff}
            and not exists (
              select 1 from messages m
              where m.receipt is not null and split_part(m.receipt, '.', 1)::uuid = b.id
            )`,
    );
  }
  return { orders, batches };
}
