import {
  LATENCY_BUCKET_COUNT,
  MONITORING_COUNT_CAP,
  OVERZICHT_QUANTILE,
  OVERZICHT_SLOTS,
  OVERZICHT_SLOT_MINUTES,
  OVERZICHT_LAST_LATENCY_BOUND_MS,
  flowOf,
  latencyQuantileMs,
  type Overzicht,
  type OverzichtEntry,
  type OverzichtQuery,
} from '@knooppunt/domain';
import { monitoringScope } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { atMostEvery } from '../../lib/at-most-every';
import { openAlerts, queueRows, receiverRows, senderRows, slotRows, type SlotRow } from './repository';

const SLOT_MS = OVERZICHT_SLOT_MINUTES * 60_000;
/**
 * Counters of a minute this long ago are final: the worker adds to a minute while it delivers in
 * it and flushes within seconds (decision 0036). Slots that ended before it are read once and kept.
 */
export const OVERZICHT_SETTLE_MS = 10 * 60_000;

/**
 * The queues (waiting, oldest) are read at most this often, for every receiver at once, and shared
 * by the calls in between: the one grouped read grows with the platform's backlog (decision 0036),
 * and the screen refreshes every minute. /metrics reads its queue depth the same way.
 */
export const OVERZICHT_QUEUE_READ_MS = 5_000;

export type OverzichtService = ReturnType<typeof createOverzichtService>;

interface Counts {
  delivered: number;
  failed: number;
  latency: number[];
}

const keyOf = (receiver: string, versienummer: string) => `${receiver}\u0000${versienummer}`;

interface Series {
  delivered: number[];
  failed: number[];
  latency: number[];
}

/** Adds one slot's counts (at `index` in the window) to a key's series, made when first needed. */
function addTo(byKey: Map<string, Series>, key: string, index: number, counts: Counts) {
  if (index < 0 || index >= OVERZICHT_SLOTS) return;
  let series = byKey.get(key);
  if (!series) {
    series = {
      delivered: new Array<number>(OVERZICHT_SLOTS).fill(0),
      failed: new Array<number>(OVERZICHT_SLOTS).fill(0),
      latency: new Array<number>(LATENCY_BUCKET_COUNT).fill(0),
    };
    byKey.set(key, series);
  }
  series.delivered[index]! += counts.delivered;
  series.failed[index]! += counts.failed;
  for (let bucket = 0; bucket < LATENCY_BUCKET_COUNT; bucket++) series.latency[bucket]! += counts.latency[bucket]!;
}

/**
 * The settled slots of every receiver configuration, kept in this process: a call reads from the
 * database only the slots that may still change (the last OVERZICHT_SETTLE_MS) and those it has
 * not read yet, instead of 24 hours of minutes every time (decision 0036).
 */
function settledSlots() {
  /** Per slot number, the counts per configuration key. */
  const slots = new Map<number, Map<string, Counts>>();
  /** Slots below this number (and at or above the window's start) are in `slots`; undefined: none read. */
  let settledUntil: number | undefined;

  return {
    /** The slot to read the database from, for a window starting at `firstSlot`. */
    readFrom(firstSlot: number): number {
      if (settledUntil === undefined || settledUntil < firstSlot) {
        slots.clear();
        settledUntil = undefined;
        return firstSlot;
      }
      for (const slot of slots.keys()) if (slot < firstSlot) slots.delete(slot);
      return settledUntil;
    },
    /** Keeps the rows of slots below `settleSlot` that were read from `from` on. */
    keep(rows: SlotRow[], from: number, settleSlot: number) {
      if (settleSlot <= from) return;
      for (const row of rows) {
        if (row.slot >= settleSlot) continue;
        let perKey = slots.get(row.slot);
        if (!perKey) slots.set(row.slot, (perKey = new Map()));
        perKey.set(keyOf(row.receiver, row.versienummer), row);
      }
      settledUntil = settleSlot;
    },
    /** Every kept slot with its counts. */
    entries: () => slots.entries(),
  };
}

export function createOverzichtService({
  db,
  now = () => Date.now(),
  queueReadMs = OVERZICHT_QUEUE_READ_MS,
}: {
  db: Database;
  now?: () => number;
  /** Tests: 0 reads the queues on every call. */
  queueReadMs?: number;
}) {
  const queues = atMostEvery(queueReadMs, () => queueRows(db));
  const settled = settledSlots();

  /** Series over the window from `firstSlot` of the kept slots below `until`: the same within a slot's 5 minutes. */
  let memo: { firstSlot: number; until: number; byKey: Map<string, Series> } | undefined;
  function settledSeries(firstSlot: number, until: number): Map<string, Series> {
    if (memo?.firstSlot === firstSlot && memo.until === until) return memo.byKey;
    const byKey = new Map<string, Series>();
    for (const [slot, perKey] of settled.entries()) {
      if (slot >= until) continue;
      for (const [key, counts] of perKey) addTo(byKey, key, slot - firstSlot, counts);
    }
    memo = { firstSlot, until, byKey };
    return byKey;
  }

  /**
   * A function from configuration key to its series over the window starting at `firstSlot`: the
   * settled part (kept, copied) plus the slots read now.
   */
  async function seriesReader(firstSlot: number, settleSlot: number) {
    const from = settled.readFrom(firstSlot);
    const fresh = await slotRows(db, from);
    settled.keep(fresh, from, settleSlot);
    const settledPart = settledSeries(firstSlot, from);
    const freshPart = new Map<string, Series>();
    for (const row of fresh) addTo(freshPart, keyOf(row.receiver, row.versienummer), row.slot - firstSlot, row);
    return (key: string): Series | undefined => {
      const [old, now] = [settledPart.get(key), freshPart.get(key)];
      if (!old || !now) return old ?? now;
      const plus = (a: number[], b: number[]) => a.map((value, i) => value + b[i]!);
      return {
        delivered: plus(old.delivered, now.delivered),
        failed: plus(old.failed, now.failed),
        latency: plus(old.latency, now.latency),
      };
    };
  }

  return {
    /**
     * Per receiver configuration the caller may monitor (decision 0010: its own deelnemer's unless
     * super role or operator staff): running or paused, its queue, and 24 hours of counters.
     */
    async overview(user: AuthUser, query: OverzichtQuery): Promise<Overzicht> {
      const at = now();
      const currentSlot = Math.floor(at / SLOT_MS);
      const firstSlot = currentSlot - OVERZICHT_SLOTS + 1;
      const settleSlot = Math.floor((at - OVERZICHT_SETTLE_MS) / SLOT_MS);
      const scope = await monitoringScope(db, user);
      const [senders, queue, seriesOf, alerts] = await Promise.all([
        senderRows(db, scope, query.versienummer),
        queues(),
        seriesReader(firstSlot, settleSlot),
        openAlerts(db, scope, keyOf),
      ]);
      const receivers = receiverRows(senders, queue);
      const empty = new Array<number>(OVERZICHT_SLOTS).fill(0);
      const entries = receivers.map((row): OverzichtEntry => {
        const series = seriesOf(keyOf(row.receiver, row.versienummer));
        const p95 = series ? latencyQuantileMs(series.latency, OVERZICHT_QUANTILE) : null;
        const above = p95 === Number.POSITIVE_INFINITY;
        return {
          receiver: row.receiver,
          versienummer: row.versienummer,
          flow: flowOf(row.versienummer),
          running: row.running,
          maxMessages: row.maxMessages,
          maxPerSecond: row.maxPerSecond,
          waiting: Math.min(row.waiting, MONITORING_COUNT_CAP),
          waitingIsLowerBound: row.waiting > MONITORING_COUNT_CAP,
          oldestWaiting: row.oldestWaiting ? row.oldestWaiting.toISOString() : null,
          delivered: series?.delivered ?? empty,
          failed: series?.failed ?? empty,
          p95Ms: above ? OVERZICHT_LAST_LATENCY_BOUND_MS : p95,
          p95IsLowerBound: above,
          alert: alerts.get(keyOf(row.receiver, row.versienummer)) ?? null,
        };
      });
      return { from: new Date(firstSlot * SLOT_MS).toISOString(), slotMinutes: OVERZICHT_SLOT_MINUTES, entries };
    },
  };
}
