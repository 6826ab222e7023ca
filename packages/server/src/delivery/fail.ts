import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface FailedDelivery {
  id: string;
  /** Wait before the next attempt (backoff.ts). */
  delayMs: number;
  err: { msg: string; traceId: string };
}

/**
 * Records failed attempts on the messages (retry state lives on the row) and releases their claims.
 * The order's head stays on the failed message with its due time set to the next attempt: the
 * order is blocked behind it (strict FIFO) while other orders go on.
 *
 * The orders of the failed messages are marked `inError` ('error' in the portal) until none of
 * their messages is in uitval any more (complete.ts clears it; a manual cancel too). The orders
 * are locked first, in opdrachtId order — the same order as an accepted message (order, then
 * head) and a completion take their locks in — so the three never deadlock.
 */
export async function failMessages(
  db: Database,
  failures: readonly FailedDelivery[],
  options: { unclaimedOnly?: boolean } = {},
): Promise<void> {
  if (failures.length === 0) return;
  // For failures found by a sweep rather than by an attempt (unroutable.ts): a head claimed since
  // (its receiver got a configuration meanwhile) is being delivered and is left alone, its order
  // not marked.
  const unclaimed = options.unclaimedOnly
    ? sql`and exists (select 1 from order_heads u where u.message_id = m.id and (u.claimed_until is null or u.claimed_until < now()))`
    : sql``;
  const headUnclaimed = options.unclaimedOnly ? sql`and (h.claimed_until is null or h.claimed_until < now())` : sql``;
  const input = sql`jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) as f(id uuid, "delayMs" integer, err jsonb)`;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`with failing as (
            select distinct m.opdracht_id from messages m join ${input} on m.id = f.id
            where m.delivered_at is null ${unclaimed}
          ),
          locked as (
            select o.opdracht_id from opdrachten o join failing using (opdracht_id)
            order by o.opdracht_id for no key update
          )
          update opdrachten o set in_error = true, changed = now()
          from locked l where o.opdracht_id = l.opdracht_id and not o.in_error`,
    );
    await tx.execute(
      sql`with failed as (
            update messages m set failed_attempts = m.failed_attempts + 1, last_attempt = now(),
                   next_attempt = now() + f."delayMs" * interval '1 millisecond', err = f.err
            from ${input}
            where m.id = f.id and m.delivered_at is null ${unclaimed}
            returning m.id, m.receiver, m.opdracht_id, m.next_attempt
          )
          update order_heads h set due = f.next_attempt, claimed_until = null
          from failed f
          where h.receiver = f.receiver and h.opdracht_id = f.opdracht_id and h.message_id = f.id ${headUnclaimed}`,
    );
  });
}
