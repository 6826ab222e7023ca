import { sql } from 'drizzle-orm';
import { LATENCY_BUCKET_COUNT, MONITORING_COUNT_CAP, OVERZICHT_SLOT_MINUTES } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';

/** One receiver configuration: its sender's state and its queue. */
export interface ReceiverRow {
  receiver: string;
  versienummer: string;
  running: boolean;
  waiting: number;
  oldestWaiting: Date | null;
}

/** Raw rows come back with Date (node-postgres, PGlite) or ISO text; never lose the milliseconds. */
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * Every receiver configuration (a sender exists once a configuration was activated: running or
 * paused), with its waiting messages counted up to the cap and the acceptance of its oldest one.
 * The count walks `messages_undelivered_idx` (receiver, undelivered only) and stops past the cap;
 * the oldest is the oldest head: every order's oldest undelivered message is its head
 * (`order_heads`, read by `order_heads_sender_due_idx`), so no scan of messages is needed.
 */
export async function receiverRows(db: Database, onlyDeelnemer: string | undefined, versienummer: string | undefined) {
  const conditions = [sql`true`];
  if (onlyDeelnemer !== undefined) conditions.push(sql`s.deelnemer = ${onlyDeelnemer}`);
  if (versienummer !== undefined) conditions.push(sql`s.versienummer = ${versienummer}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select s.deelnemer, s.versienummer, s.running,
          (select count(*)::int from (
             select 1 from messages m
             where m.receiver = s.deelnemer and m.delivered_at is null and m.versienummer = s.versienummer
             limit ${MONITORING_COUNT_CAP + 1}) w) as waiting,
          (select min(m.created) from order_heads h join messages m on m.id = h.message_id
           where h.receiver = s.deelnemer and h.versienummer = s.versienummer) as oldest
        from senders s
        where ${sql.join(conditions, sql` and `)}
        order by s.deelnemer, s.versienummer`,
  );
  return rows.map((row): ReceiverRow => ({
    receiver: String(row.deelnemer),
    versienummer: String(row.versienummer),
    running: Boolean(row.running),
    waiting: Number(row.waiting),
    oldestWaiting: row.oldest === null || row.oldest === undefined ? null : toDate(row.oldest),
  }));
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
