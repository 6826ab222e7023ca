import { LATENCY_BUCKET_COUNT, latencyBucketOf } from '@knooppunt/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { DeliveryLog } from './worker';

/** How often the worker adds what it counted to `delivery_minutes` (decision 0035). */
export const COUNTER_FLUSH_MS = 5_000;

/** Counter rows older than this are deleted (the Overzicht shows 24 hours; a week to look back on). */
export const COUNTER_KEEP_DAYS = 8;

/** Old counter rows deleted per statement, and how often the worker deletes a batch. */
const SWEEP_BATCH = 1_000;
const SWEEP_INTERVAL_MS = 60_000;

interface Minute {
  receiver: string;
  versienummer: string;
  /** The minute (UTC), ISO text. */
  minute: string;
  delivered: number;
  failed: number;
  latency: number[];
}

export interface DeliveryCounters {
  /**
   * A message delivered now that the platform accepted at `created`. Counted once in its minute:
   * delivered again in the same minute (sent again, or a second claim after a lost completion) it
   * adds nothing — 'delivered' counts messages, not deliveries.
   */
  delivered(message: { id: string; receiver: string; versienummer: string; created: Date }): void;
  /** A failed attempt now. */
  failed(receiver: string, versienummer: string): void;
  /**
   * When this process last delivered to the receiver configuration (epoch ms), counted or not yet
   * written: the alerts read it beside the table.
   */
  lastDelivered(receiver: string, versienummer: string): number | undefined;
  /** Adds what is counted to the table now, in one statement; a failed write keeps the counts. */
  flush(): Promise<void>;
  /** Deletes one batch of counter rows older than COUNTER_KEEP_DAYS; answers how many. */
  sweep(): Promise<number>;
  /** Flushes every `flushMs` (and sweeps every minute) until stopped. */
  start(): void;
  /** Stops the timer and flushes what is left. */
  stop(): Promise<void>;
}

export interface DeliveryCountersOptions {
  db: Database;
  log: DeliveryLog;
  flushMs?: number;
  /** Tests: the clock (epoch ms) that places an outcome in its minute. */
  now?: () => number;
}

const keyOf = (receiver: string, versienummer: string, minute: string) =>
  `${receiver}\u0000${versienummer}\u0000${minute}`;

/**
 * The per-minute delivery counters (table `delivery_minutes`, decision 0035): the worker counts
 * each outcome in memory, per receiver configuration and minute, and adds them to the table every
 * few seconds in ONE upsert — no database write per message, nothing in the recording's
 * transaction. A crash loses at most one interval of counts (statistics, not messages).
 */
export function createDeliveryCounters(options: DeliveryCountersOptions): DeliveryCounters {
  const { db, log } = options;
  const flushMs = options.flushMs ?? COUNTER_FLUSH_MS;
  const now = options.now ?? Date.now;
  let pending = new Map<string, Minute>();
  const last = new Map<string, number>();
  // The messages counted as delivered in the current minute, and that minute: at most a minute of
  // this process's deliveries (ids), dropped when the next minute begins.
  let countedMinute = '';
  let counted = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let lastSweep = 0;

  // The minute's text, made once a minute rather than twice a message.
  let minuteNumber = NaN;
  let minuteText = '';
  const minuteOf = (at: number) => {
    const number = Math.floor(at / 60_000);
    if (number !== minuteNumber) {
      minuteNumber = number;
      minuteText = new Date(number * 60_000).toISOString();
    }
    return minuteText;
  };
  const entry = (receiver: string, versienummer: string, at: number): Minute => {
    const minute = minuteOf(at);
    const key = keyOf(receiver, versienummer, minute);
    let row = pending.get(key);
    if (!row) {
      row = { receiver, versienummer, minute, delivered: 0, failed: 0, latency: Array(LATENCY_BUCKET_COUNT).fill(0) };
      pending.set(key, row);
    }
    return row;
  };

  // Counts that a failed write did not add go back, summed with what came in meanwhile.
  const keep = (rows: Iterable<Minute>) => {
    for (const row of rows) {
      const into = entry(row.receiver, row.versienummer, Date.parse(row.minute));
      into.delivered += row.delivered;
      into.failed += row.failed;
      row.latency.forEach((count, index) => (into.latency[index]! += count));
    }
  };

  const write = async () => {
    if (pending.size === 0) return;
    const rows = [...pending.values()];
    pending = new Map();
    // Sorted, so two processes adding to the same rows lock them in the same order.
    rows.sort((a, b) =>
      keyOf(a.receiver, a.versienummer, a.minute).localeCompare(keyOf(b.receiver, b.versienummer, b.minute)),
    );
    try {
      await db.execute(
        sql`insert into delivery_minutes (receiver, versienummer, minute, delivered, failed, latency)
            select r.receiver, r.versienummer, r.minute, r.delivered, r.failed,
                   array(select e::int from jsonb_array_elements_text(r.latency) with ordinality as l(e, i) order by i)
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              as r(receiver text, versienummer text, minute timestamptz, delivered int, failed int, latency jsonb)
            order by r.receiver, r.versienummer, r.minute
            on conflict (receiver, versienummer, minute) do update set
              delivered = delivery_minutes.delivered + excluded.delivered,
              failed = delivery_minutes.failed + excluded.failed,
              latency = array(
                select coalesce(a, 0) + coalesce(b, 0)
                from unnest(delivery_minutes.latency, excluded.latency) with ordinality as t(a, b, i)
                order by i
              )`,
      );
    } catch (error) {
      keep(rows);
      log.warn(
        { err: error, minutes: rows.length },
        'writing delivery counters failed; the counts are kept for the next write',
      );
      throw error;
    }
  };

  const counters: DeliveryCounters = {
    delivered({ id, receiver, versienummer, created }) {
      const at = now();
      last.set(`${receiver}\u0000${versienummer}`, at);
      const minute = minuteOf(at);
      if (minute !== countedMinute) {
        countedMinute = minute;
        counted = new Set();
      }
      if (counted.has(id)) return;
      counted.add(id);
      const row = entry(receiver, versienummer, at);
      row.delivered += 1;
      row.latency[latencyBucketOf(Math.max(0, at - created.getTime()))]! += 1;
    },
    failed(receiver, versienummer) {
      entry(receiver, versienummer, now()).failed += 1;
    },
    lastDelivered(receiver, versienummer) {
      return last.get(`${receiver}\u0000${versienummer}`);
    },
    async flush() {
      // One write at a time: a second caller waits for it, then writes what came in since.
      while (flushing) await flushing.catch(() => {});
      flushing = write();
      try {
        await flushing;
      } finally {
        flushing = undefined;
      }
    },
    async sweep() {
      const result = (await db.execute(
        sql`with old as (
              select receiver, versienummer, minute from delivery_minutes
              where minute < now() - ${COUNTER_KEEP_DAYS} * interval '1 day'
              order by minute
              limit ${SWEEP_BATCH}
            )
            delete from delivery_minutes d using old
            where d.receiver = old.receiver and d.versienummer = old.versienummer and d.minute = old.minute`,
      )) as unknown as { rowCount?: number | null; affectedRows?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        void counters.flush().catch(() => {});
        if (now() - lastSweep >= SWEEP_INTERVAL_MS) {
          lastSweep = now();
          void counters
            .sweep()
            .catch((error: unknown) => log.warn({ err: error }, 'deleting old delivery counters failed'));
        }
      }, flushMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      try {
        await counters.flush();
      } catch {
        log.error({ minutes: pending.size }, 'stopped with delivery counters that could not be written');
      }
    },
  };
  return counters;
}
