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
 * Returns how many heads were released.
 */
export async function releaseStaleClaims(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`with heads as (
          update order_heads set claimed_until = null
          where claimed_until < now()
          returning message_id
        )
        select count(*)::int as released from heads`,
  )) as unknown as { rows: { released: number }[] };
  return result.rows[0]?.released ?? 0;
}
