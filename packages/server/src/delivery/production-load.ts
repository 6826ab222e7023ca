/**
 * Production first (decision 0064): how many lanes production's delivery worker has in flight,
 * published by that worker and read by the test environment's lane, which defers to production
 * while it is busy. The count lives in a SharedArrayBuffer, so that the test environment's thread
 * (environment-thread.ts) reads the same memory; it is this process's production worker's count.
 */
export interface ProductionLoad {
  /** The memory behind it, to hand to the test environment's thread. */
  readonly buffer: SharedArrayBuffer;
  /** Production's worker: the lanes it now has in flight. */
  set(lanes: number): void;
  /** The test lane: whether production is busy (at least PRODUCTION_BUSY_LANES lanes in flight). */
  busy(): boolean;
}

/**
 * Lanes in flight from which production counts as busy: each lane is one order's messages to one
 * receiver being sent, so a quiet production has a few and a backlog draining has tens to hundreds.
 */
export const PRODUCTION_BUSY_LANES = 25;

/**
 * The test lane's pace while production is busy: it claims and records at most about once in
 * this time (delivery/worker.ts, delivery/recorder.ts), so that its few messages cost the database
 * and the cores one claim and one recording a second rather than one each, while production's
 * backlog drains.
 */
export const DEFERRING_MS = 1000;

/** A new count, or (in the test environment's thread) the one whose memory the parent handed over. */
export function productionLoad(buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)): ProductionLoad {
  const cell = new Int32Array(buffer);
  return {
    buffer,
    set: (lanes) => void Atomics.store(cell, 0, lanes),
    busy: () => Atomics.load(cell, 0) >= PRODUCTION_BUSY_LANES,
  };
}
