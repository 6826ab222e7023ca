import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A recorded fault counts as present while it was seen within this time: a delivery that hits a
 * platform fault is offered again every 30 s (PLATFORM_FAULT_RETRY_MS), so a fault that lasts is
 * seen again well within it, and one not seen for this long has passed.
 */
export const PLATFORM_FAULT_QUIET_MS = 2 * 60_000;

/** What kind of fault on the platform's side (issue 29 item 3). */
export type FaultKind = 'delivery' | 'retention';

/** Records a fault (or sees it again): its latest detail and time; a resolved one is open again. */
export async function recordFault(db: Database, kind: FaultKind, key: string, detail: string): Promise<void> {
  await db.execute(
    sql`insert into platform_faults (kind, key, last_at, detail) values (${kind}, ${key}, now(), ${detail})
        on conflict (kind, key) do update set last_at = now(), detail = excluded.detail, resolved_at = null`,
  );
}

/** The fault passed (the retention run succeeded again). */
export async function resolveFault(db: Database, kind: FaultKind, key: string): Promise<void> {
  await db.execute(
    sql`update platform_faults set resolved_at = now() where kind = ${kind} and key = ${key} and resolved_at is null`,
  );
}

/** How often one process records the same delivery fault at most: it recurs with every message. */
const RECORD_INTERVAL_MS = 10_000;

/**
 * The delivery worker's platform faults, recorded per receiver configuration, at most every 10 s
 * per process and in the background: a failure to record is logged, never in the delivery's way.
 * A receiver configuration this process saw a fault for is marked resolved at its next delivery
 * (one write, then nothing: a delivery of a configuration without a fault costs a map lookup).
 */
export function createDeliveryFaultRecorder(db: Database, log: { warn(object: object, message: string): void }) {
  const recorded = new Map<string, number>();
  const writing = new Set<Promise<void>>();
  const background = (key: string, work: Promise<void>) => {
    const write = work
      .catch((error: unknown) => log.warn({ err: error, key }, 'recording a platform fault failed'))
      .finally(() => writing.delete(write));
    writing.add(write);
  };
  return {
    record(fault: { receiver: string; versienummer: string; detail: string }): void {
      const key = `${fault.receiver}|${fault.versienummer}`;
      const now = Date.now();
      if ((recorded.get(key) ?? 0) > now - RECORD_INTERVAL_MS) return;
      if (recorded.size > 10_000) recorded.clear();
      recorded.set(key, now);
      background(key, recordFault(db, 'delivery', key, fault.detail));
    },
    /** A message of this receiver configuration was delivered: a fault seen for it is over. */
    delivered(receiver: string, versienummer: string): void {
      if (recorded.size === 0) return;
      const key = `${receiver}|${versienummer}`;
      if (!recorded.delete(key)) return;
      background(key, resolveFault(db, 'delivery', key));
    },
    /** Waits for the writes under way (before the database closes). */
    async idle(): Promise<void> {
      await Promise.all(writing);
    },
  };
}
