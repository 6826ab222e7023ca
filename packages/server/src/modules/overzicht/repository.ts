import { sql } from 'drizzle-orm';
import { LATENCY_BUCKET_COUNT, OVERZICHT_SLOT_MINUTES } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import { messages } from '../../db/schema';

/** One receiver configuration: its sender's state and its queue. */
export interface ReceiverRow {
  receiver: string;
  versienummer: string;
  running: boolean;
  maxMessages: number;
  maxPerSecond: number;
  waiting: number;
  oldestWaiting: Date | null;
}

/** A sender as the Overzicht reads it. */
export type SenderState = {
  deelnemer: string;
  versienummer: string;
  running: boolean;
  max_messages: number;
  max_per_second: number;
};

/** Raw rows come back with Date (node-postgres, PGlite) or ISO text; never lose the milliseconds. */
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * Every receiver configuration the caller may see (a sender exists once a configuration was
 * activated: running or paused).
 */
export function senderRows(db: Database, onlyDeelnemer: string | undefined, versienummer: string | undefined) {
  const conditions = [sql`true`];
  if (onlyDeelnemer !== undefined) conditions.push(sql`deelnemer = ${onlyDeelnemer}`);
  if (versienummer !== undefined) conditions.push(sql`versienummer = ${versienummer}`);
  return queryRows<SenderState>(
    db,
    sql`select deelnemer, versienummer, running, max_messages, max_per_second from senders where ${sql.join(conditions, sql` and `)}
        order by deelnemer, versienummer`,
  );
}

/** The waiting messages (not delivered) of one receiver configuration, and the acceptance of the oldest. */
export interface QueueRow {
  receiver: string;
  versienummer: string;
  waiting: number;
  oldest: Date | null;
}

/**
 * Every receiver configuration's queue: one grouped read of the undelivered messages through
 * `messages_undelivered_idx` (receiver, undelivered only); its cost grows with the platform's
 * backlog, not with the messages (decision 0036). Correlated per-receiver counts through the flows'
 * receiver indexes looked cheaper, but the planner cannot estimate 'not delivered' there and,
 * guessing thousands of rows per receiver, chose worse plans and JIT compilation (seconds).
 */
export async function queueRows(db: Database): Promise<QueueRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${messages.receiver} as receiver, ${messages.versienummer} as versienummer,
          count(*)::int as waiting, min(${messages.created}) as oldest
        from ${messages}
        where ${messages.deliveredAt} is null
        group by 1, 2`,
  );
  return rows.map((row) => ({
    receiver: String(row.receiver),
    versienummer: String(row.versienummer),
    waiting: Number(row.waiting),
    oldest: row.oldest === null || row.oldest === undefined ? null : toDate(row.oldest),
  }));
}

/** The senders with their queues. */
export function receiverRows(senders: readonly SenderState[], queues: readonly QueueRow[]): ReceiverRow[] {
  const queueOfKey = new Map(queues.map((row) => [`${row.receiver}\u0000${row.versienummer}`, row]));
  return senders.map((s): ReceiverRow => {
    const queue = queueOfKey.get(`${s.deelnemer}\u0000${s.versienummer}`);
    return {
      receiver: s.deelnemer,
      versienummer: s.versienummer,
      running: Boolean(s.running),
      maxMessages: Number(s.max_messages),
      maxPerSecond: Number(s.max_per_second),
      waiting: queue?.waiting ?? 0,
      oldestWaiting: queue?.oldest ?? null,
    };
  });
}

/** The open failure alerts (decision 0035: at most one per receiver configuration), by the caller's key. */
export async function openAlerts(
  db: Database,
  onlyDeelnemer: string | undefined,
  keyOf: (receiver: string, versienummer: string) => string,
) {
  const rows = await queryRows<{
    receiver: string;
    versienummer: string;
    since: unknown;
    reason: 'failures' | 'silence';
    last_error: string | null;
  }>(
    db,
    sql`select receiver, versienummer, down_since as since, reason, last_error from delivery_alerts
        where recovered_at is null ${onlyDeelnemer !== undefined ? sql`and receiver = ${onlyDeelnemer}` : sql``}`,
  );
  return new Map(
    rows.map((row) => [
      keyOf(row.receiver, row.versienummer),
      { since: toDate(row.since).toISOString(), reason: row.reason, lastError: row.last_error },
    ]),
  );
}

/** The counters of one receiver configuration in one 5-minute slot. */
export interface SlotRow {
  receiver: string;
  versienummer: string;
  /** Minutes since the epoch / OVERZICHT_SLOT_MINUTES: the slot's number. */
  slot: number;
  delivered: number;
  failed: number;
  /** Delivered per latency bucket, LATENCY_BUCKET_COUNT entries. */
  latency: number[];
}

const SLOT_SECONDS = OVERZICHT_SLOT_MINUTES * 60;
/** One sum per latency bucket (arrays are 1-based): summing arrays element-wise in one pass. */
const latencySums = sql.raw(
  Array.from({ length: LATENCY_BUCKET_COUNT }, (_, i) => `coalesce(sum(latency[${i + 1}]), 0)::int as l${i}`).join(
    ', ',
  ),
);

/**
 * The counters of every receiver configuration from slot `fromSlot` on, summed per 5-minute slot.
 * Reads `delivery_minutes` by its minute index.
 */
export async function slotRows(db: Database, fromSlot: number): Promise<SlotRow[]> {
  const from = new Date(fromSlot * SLOT_SECONDS * 1000);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select receiver, versienummer, floor(extract(epoch from minute) / ${sql.raw(String(SLOT_SECONDS))})::int as slot,
          sum(delivered)::int as delivered, sum(failed)::int as failed, ${latencySums}
        from delivery_minutes
        where minute >= ${from.toISOString()}::timestamptz
        group by 1, 2, 3`,
  );
  return rows.map((row) => ({
    receiver: String(row.receiver),
    versienummer: String(row.versienummer),
    slot: Number(row.slot),
    delivered: Number(row.delivered),
    failed: Number(row.failed),
    latency: Array.from({ length: LATENCY_BUCKET_COUNT }, (_, i) => Number(row[`l${i}`])),
  }));
}
