import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * The lease of a claim. A worker that crashed or hung never completes nor fails its messages; past
 * this time their claims count as stale: the heads are claimable again (at-least-once: the message
 * may reach the receiver twice, with the same Idempotency-Key). It must outlast one delivery —
 * token fetch, POST, and on a 401 both again — so delivery sets it to at least 5 × the outbound
 * timeout (index.ts); this default is for a worker created without one.
 */
export const DEFAULT_LEASE_MS = 30_000;

/**
 * Releases stale claims so they no longer occupy a sender's slots. A claim also treats an expired
 * head as free, so this sweep keeps the counts and the portal's view honest rather than unblocking.
 * A stale head of an order cancelled during its delivery (decision 0023) is not released: its run
 * will not be recorded any more, so the head and its undelivered messages are deleted, as the
 * recording would have. Heads before messages, the one lock order. Returns how many heads were
 * released.
 */
export async function releaseStaleClaims(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`with stale as (
          select receiver, opdracht_id, cancelled from order_heads
          where claimed_until < now()
          order by receiver, opdracht_id
          for update
        ),
        released as (
          update order_heads h set claimed_until = null
          from stale s
          where not s.cancelled and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
          returning h.message_id
        ),
        ended as (
          delete from order_heads h using stale s
          where s.cancelled and h.receiver = s.receiver and h.opdracht_id = s.opdracht_id
          returning h.receiver, h.opdracht_id
        ),
        dropped as (
          delete from messages m using ended e
          where m.receiver = e.receiver and m.opdracht_id = e.opdracht_id and m.delivered_at is null
        )
        select count(*)::int as released from released`,
  )) as unknown as { rows: { released: number }[] };
  return result.rows[0]?.released ?? 0;
}
