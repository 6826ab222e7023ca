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
 */
export async function failMessages(db: Database, failures: readonly FailedDelivery[]): Promise<void> {
  if (failures.length === 0) return;
  await db.execute(
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(failures)}::jsonb)
            as f(id uuid, "delayMs" integer, err jsonb)
        ),
        failed as (
          update messages m set failed_attempts = m.failed_attempts + 1, last_attempt = now(),
                 next_attempt = now() + i."delayMs" * interval '1 millisecond', err = i.err, claimed_until = null
          from input i
          where m.id = i.id and m.delivered_at is null
          returning m.id, m.receiver, m.opdracht_id, m.next_attempt
        )
        update order_heads h set due = f.next_attempt, claimed_until = null
        from failed f
        where h.receiver = f.receiver and h.opdracht_id = f.opdracht_id and h.message_id = f.id`,
  );
}
