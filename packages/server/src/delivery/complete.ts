import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { NamedStatement, value } from '../db/statement';
import { RUN_LENGTH, arrayLiteral, toRuns, uuidArray, type Run, type RunRow } from './claim';
import type { FailedDelivery } from './fail';
import type { DeliveryReceiptClaims } from '@knooppunt/domain';

export interface Handoff {
  /** The lease of the claims handed on (as claim.ts). */
  leaseMs: number;
}

/**
 * A message of a claimed run and the run's lane: the claim's token (decision 0023). An outcome
 * touches its order's head only while the head is still in that lane.
 */
export interface ClaimedId {
  id: string;
  lane: string;
}

/**
 * A delivered message: when the receiver answered (its `delivered_at`; the recording's time when
 * absent) and its receipt (decision 0060; none for the test lane's simulator): its claims, then,
 * once the recording's batch is signed, the receipt as stored and its batch.
 */
export interface DeliveredId extends ClaimedId {
  at?: Date;
  claims?: DeliveryReceiptClaims | undefined;
  receipt?: string | undefined;
  batch?: { id: string; jws: string } | undefined;
}

export interface Outcomes {
  delivered: readonly DeliveredId[];
  /** Each with the lane of its run. */
  failures: readonly (FailedDelivery & { lane: string })[];
  /** The head messages of claimed runs that were not started: their claims are released. */
  released?: readonly ClaimedId[];
}

export interface Recording {
  /** The runs handed on, claimed, to be delivered at once. */
  runs: Run[];
  /**
   * A sender of these messages has due heads that nobody claimed and a free slot (one this
   * recording freed, most likely): claim now. Otherwise the slots freed here wait for no one.
   */
  waiting: boolean;
}

const recordStatement = new NamedStatement(
  sql`select * from delivery_record(${value('delivered')}::uuid[], ${value('deliveredLanes')}::uuid[],
        ${value('deliveredAt')}::timestamptz[], ${value('receipts')}::text[], ${value('batchIds')}::uuid[],
        ${value('batches')}::text[], ${value('failures')}::jsonb, ${value('released')}::uuid[], ${value('releasedLanes')}::uuid[],
        ${value('handoff')}::boolean, ${value('leaseMs')}::integer, ${RUN_LENGTH}::integer)`,
  (rows: (RunRow & { waiting: boolean })[]): Recording => ({
    // When nothing was handed on but a sender waits, one row of nulls says so.
    runs: toRuns(rows),
    waiting: rows.some((row) => row.waiting === true),
  }),
  { name: 'delivery_record' },
);

/**
 * Records a batch of outcomes in one transaction, one call of `delivery_record` (migrations 0011–0016):
 * first the failures (as fail.ts), then the delivered messages. Each delivered message is marked
 * as such — delivered at the time its receiver answered, with its receipt — and its order head moved past it to the next undelivered message of that order (by
 * seq) — the failed one where a run ended in a failure, which then reads as failed, not due — or
 * removed when there is none. The delivered messages of one order come as a run (claim.ts): its
 * head's message and those sent after it, all recorded in one call.
 *
 * Every outcome carries its run's lane, the claim's token (decision 0023): a failure, a delivery
 * or a release whose order's head is no longer in that lane — its lease ran out and another
 * worker claimed it since — is left alone, so a late recording never releases, moves or fails a
 * head that someone else is delivering (the delivered message is then sent again under the new
 * claim: at-least-once). A head whose order was cancelled while it was claimed (opdrachten
 * service `cancel`) is not moved: its delivered messages are recorded as delivered, the others
 * deleted with the head.
 *
 * The heads are locked first, waiting for any enqueue that holds one (enqueue.ts upserts the
 * head); the statement that moves them then starts with a fresh snapshot that sees that
 * enqueue's committed message. In one statement the head could be deleted on the strength of a
 * snapshot taken before the new message committed, orphaning it. A message already delivered (a
 * stale claim delivered twice) or no longer at its head is left.
 *
 * The heads of `released` runs — claimed, but their lane did not start them — are unclaimed.
 * Last it tells whether a sender of these messages now has a free slot and due heads waiting for
 * one (migration 0013): the worker claims after a recording only then.
 *
 * With `handoff`, a completed run's claim passes on to its successor, in the same lane, when that
 * one is due now and its sender (receiver, versienummer) is running with no more lanes claimed
 * than it allows: the successor comes back claimed with its own run, to be delivered at once,
 * without a claim round trip. FIFO holds (the successor is the order's next undelivered message
 * and the run before it is delivered); the sender's claimed lanes stay as many, so maxMessages
 * holds without taking the sender's lock that a claim takes — a claim running meanwhile counts
 * the lane as claimed either way. A sender whose maxMessages was lowered below its lanes in
 * flight gets no handoff until it is under.
 *
 * An order marked `inError` (fail.ts) is cleared once none of its messages is in uitval (failed at
 * least once, not delivered). Locks follow the one order of decision 0023 — orders (in
 * opdrachtId order), then heads (in (receiver, opdracht) order), then messages — as fail.ts, an
 * accepted message, resend and cancel take theirs: the clearing sees every failure committed
 * before it and none of them deadlock.
 */
export async function recordOutcomes(db: Database, outcomes: Outcomes, handoff?: Handoff): Promise<Recording> {
  const { delivered, failures, released = [] } = outcomes;
  if (delivered.length === 0 && failures.length === 0 && released.length === 0) return { runs: [], waiting: false };
  // The signed batches of these receipts, each once (a kept outcome brings its own).
  const batches = [...new Map(delivered.flatMap((m) => (m.batch ? [[m.batch.id, m.batch] as const] : []))).values()];
  return recordStatement.run(db, {
    delivered: uuidArray(delivered.map((m) => m.id)),
    deliveredLanes: uuidArray(delivered.map((m) => m.lane)),
    deliveredAt: arrayLiteral(delivered.map((m) => m.at?.toISOString() ?? 'NULL')),
    // A stored receipt is a uuid, a number and base64url, joined by dots: no quoting needed.
    receipts: arrayLiteral(delivered.map((m) => m.receipt ?? 'NULL')),
    batchIds: arrayLiteral(batches.map((batch) => batch.id)),
    batches: arrayLiteral(batches.map((batch) => batch.jws)),
    failures: JSON.stringify(failures),
    released: uuidArray(released.map((m) => m.id)),
    releasedLanes: uuidArray(released.map((m) => m.lane)),
    handoff: handoff !== undefined,
    leaseMs: handoff?.leaseMs ?? 0,
  });
}

/** Records delivered messages only (`recordOutcomes` without failures). */
export async function completeMessages(db: Database, ids: readonly DeliveredId[], handoff?: Handoff): Promise<Run[]> {
  return (await recordOutcomes(db, { delivered: ids, failures: [] }, handoff)).runs;
}
