import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Marks delivered messages as such and moves each one's order head to the next undelivered message
 * of that order (by seq), or removes the head when there is none.
 *
 * Two statements in one transaction, on purpose: the first takes the heads' row locks, waiting for
 * any enqueue that holds one (enqueue.ts upserts the head); the second then starts with a fresh
 * snapshot that sees that enqueue's committed message. In one statement the head could be deleted
 * on the strength of a snapshot taken before the new message committed, orphaning it.
 * A message already delivered (a stale claim delivered twice) or no longer at its head is left.
 *
 * An order marked `inError` (fail.ts) is cleared once none of its messages is in uitval (failed at
 * least once, not delivered). Such orders are locked before the heads, as fail.ts does, so the
 * clearing sees every failure committed before it and the two never deadlock.
 */
export async function completeMessages(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from opdrachten
          where in_error and opdracht_id in (select opdracht_id from messages where id in ${list})
          order by opdracht_id for no key update`,
    );
    await tx.execute(
      sql`select 1 from order_heads where message_id in ${list} order by receiver, opdracht_id for update`,
    );
    await tx.execute(
      sql`with done as (
            update messages set delivered_at = now()
            where id in ${list} and delivered_at is null
            returning id, receiver, opdracht_id, seq
          ),
          successor as (
            select d.id as done_id, d.receiver, d.opdracht_id, n.id, n.next_attempt
            from done d
            join order_heads h on h.receiver = d.receiver and h.opdracht_id = d.opdracht_id and h.message_id = d.id
            left join lateral (
              select m.id, m.next_attempt from messages m
              where m.receiver = d.receiver and m.opdracht_id = d.opdracht_id and m.seq > d.seq
                and m.delivered_at is null
              order by m.seq limit 1
            ) n on true
          ),
          moved as (
            update order_heads h set message_id = s.id, due = s.next_attempt, claimed_until = null
            from successor s
            where s.id is not null and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
          )
          delete from order_heads h using successor s
          where s.id is null and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id`,
    );
    await tx.execute(
      sql`update opdrachten o set in_error = false, changed = now()
          where o.in_error and o.opdracht_id in (select opdracht_id from messages where id in ${list})
            and not exists (
              select 1 from messages m
              where m.opdracht_id = o.opdracht_id and m.delivered_at is null and m.failed_attempts > 0
            )`,
    );
  });
}
