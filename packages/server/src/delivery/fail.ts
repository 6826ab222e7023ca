import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { Statement, value } from '../db/statement';

export interface FailedDelivery {
  id: string;
  /** Wait before the next attempt (backoff.ts). */
  delayMs: number;
  err: { msg: string; traceId: string };
  /**
   * The lane of the run whose attempt failed, the claim's token (decision 0023): the failure is
   * recorded only while the order's head is still in it. None for a sweep's failure (unclaimedOnly).
   */
  lane?: string;
  /**
   * A fault on the platform's side (issue 29): the message waits `delayMs` with its error shown,
   * but the attempt is not the receiver's — its failed attempts and its order's error mark stay.
   */
  platform?: boolean;
}

const failStatement = new Statement(
  sql`select delivery_fail(${value('failures')}::jsonb, ${value('unclaimedOnly')}::boolean)`,
  () => undefined,
  { name: 'delivery_fail' },
);

/**
 * Records failed attempts on the messages (retry state lives on the row) and releases their
 * claims, in one call of `delivery_fail` (migration 0011). The order's head stays on the failed
 * message with its due time set to the next attempt: the order is blocked behind it (strict FIFO)
 * while other orders go on. The worker records its failures with its deliveries
 * (complete.ts `recordOutcomes`); this is for failures found otherwise.
 *
 * A failure with a lane counts only while its order's head is still in that lane and not cancelled.
 *
 * The orders of the failed messages are marked `inError` ('error' in the portal) until none of
 * their messages is in uitval any more (complete.ts clears it; a manual cancel too). Locks follow
 * the one order of decision 0023: the orders first (opdrachtId order), then the heads ((receiver,
 * opdracht) order), then the messages — as an accepted message, a recording, resend and cancel —
 * so they never deadlock.
 *
 * With `unclaimedOnly`, for failures found by a sweep rather than by an attempt (unroutable.ts):
 * a head claimed since (its receiver got a configuration meanwhile) is being delivered and is left
 * alone, its order not marked.
 */
export async function failMessages(
  db: Database,
  failures: readonly FailedDelivery[],
  options: { unclaimedOnly?: boolean } = {},
): Promise<void> {
  if (failures.length === 0) return;
  await failStatement.run(db, { failures: JSON.stringify(failures), unclaimedOnly: options.unclaimedOnly ?? false });
}
