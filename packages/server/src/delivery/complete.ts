import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { leaseUntil, runsOf, toRuns, type ClaimedRow, type Run } from './claim';

export interface Handoff {
  /** The lease of the claims handed on (as claim.ts). */
  leaseMs: number;
}

/**
 * Marks delivered messages as such and moves each one's order head past them to the next
 * undelivered message of that order (by seq), or removes the head when there is none. The delivered
 * messages of one order come as a run (claim.ts): its head's message and those sent after it, all
 * recorded in one call.
 *
 * Two statements in one transaction, on purpose: the first takes the heads' row locks, waiting for
 * any enqueue that holds one (enqueue.ts upserts the head); the second then starts with a fresh
 * snapshot that sees that enqueue's committed message. In one statement the head could be deleted
 * on the strength of a snapshot taken before the new message committed, orphaning it.
 * A message already delivered (a stale claim delivered twice) or no longer at its head is left.
 *
 * With `handoff`, a completed run's claim passes on to its successor when that one is due now
 * and its sender (receiver, versienummer) is running with no more heads claimed than it allows:
 * the successor comes back claimed with its own run, to be delivered at once, without a claim
 * round trip. FIFO holds (the successor is the order's next undelivered message and the run
 * before it is delivered); the sender's claimed heads stay as many, so maxMessages holds without
 * taking the sender's lock that a claim takes — a claim running meanwhile counts the head as
 * claimed either way. A sender
 * whose maxMessages was lowered below what it has in flight gets no handoff until it is under.
 *
 * An order marked `inError` (fail.ts) is cleared once none of its messages is in uitval (failed at
 * least once, not delivered). Such orders are locked before the heads, as fail.ts does, so the
 * clearing sees every failure committed before it and the two never deadlock.
 */
export async function completeMessages(db: Database, ids: readonly string[], handoff?: Handoff): Promise<Run[]> {
  if (ids.length === 0) return [];
  const list = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  return db.transaction(async (tx) => {
    const inError = await queryRows<{ opdracht_id: string }>(
      tx,
      sql`select opdracht_id from opdrachten
          where opdracht_id = any(array(select opdracht_id from messages where id in ${list})) and in_error
          order by opdracht_id for no key update`,
    );
    await tx.execute(
      sql`select 1 from messages m
          join order_heads h on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.message_id = m.id
          where m.id in ${list}
          order by h.receiver, h.opdracht_id for update of h`,
    );
    const handedOn = await queryRows<ClaimedRow>(
      tx,
      sql`with done as (
            update messages set delivered_at = now()
            where id in ${list} and delivered_at is null
            returning id, receiver, opdracht_id, seq
          ),
          runs as (
            select d.receiver, d.opdracht_id, max(d.seq) as seq
            from done d
            join order_heads h on h.receiver = d.receiver and h.opdracht_id = d.opdracht_id
            group by d.receiver, d.opdracht_id
            having bool_or(h.message_id = d.id)
          ),
          successor as (
            select r.receiver, r.opdracht_id, n.id, n.versienummer, n.next_attempt
            from runs r
            left join lateral (
              select m.id, m.versienummer, m.next_attempt from messages m
              where m.receiver = r.receiver and m.opdracht_id = r.opdracht_id and m.seq > r.seq
                and m.delivered_at is null
              order by m.seq limit 1
            ) n on true
          ),
          sending as (
            select s.deelnemer, s.versienummer, s.version from senders s
            where ${handoff !== undefined} and s.running
              and (s.deelnemer, s.versienummer) in (select receiver, versienummer from successor)
              and s.max_messages >= (
                select count(*) from order_heads c
                where c.receiver = s.deelnemer and c.versienummer = s.versienummer and c.claimed_until >= now()
              )
          ),
          moved as (
            update order_heads h
            set message_id = s.id, versienummer = s.versienummer, due = s.next_attempt,
                claimed_until = case when g.deelnemer is not null and s.next_attempt <= now()
                                     then ${leaseUntil(handoff?.leaseMs ?? 0)} end
            from successor s left join sending g on g.deelnemer = s.receiver and g.versienummer = s.versienummer
            where s.id is not null and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
            returning h.message_id, h.claimed_until, g.version
          ),
          removed as (
            delete from order_heads h using successor s
            where s.id is null and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
          ),
          handed as (select message_id, version from moved where claimed_until is not null)
          ${runsOf(sql`handed`)}`,
    );
    // Only orders in error when locked above can be cleared (a failure since then left a message in uitval).
    if (inError.length === 0) return toRuns(handedOn);
    const locked = JSON.stringify(inError.map((row) => row.opdracht_id));
    await tx.execute(
      sql`update opdrachten o set in_error = false, changed = now()
          where o.in_error and o.opdracht_id in (select value from jsonb_array_elements_text(${locked}::jsonb))
            and not exists (
              select 1 from messages m
              where m.opdracht_id = o.opdracht_id and m.delivered_at is null and m.failed_attempts > 0
            )`,
    );
    return toRuns(handedOn);
  });
}
