/**
 * Delivery counters per receiver and minute (issue 22 items 2 and 3, table `delivery_minutes`):
 * the worker adds what it delivered and what failed; the Overzicht and the alerts read them
 * instead of scanning messages.
 */

/**
 * The upper bound (inclusive, milliseconds) of each accepted→delivered latency bucket, in the
 * order a count array (`delivery_minutes.latency`) holds the buckets; `Infinity` for the bucket
 * above every bound. A latency is counted in the bucket with the smallest bound that holds it.
 *
 * A bucket keeps its position and its bound for good: new buckets are appended, never inserted
 * (decision 0036). One added later takes the lower part of the range of the bucket above it from
 * then on, but that bucket's upper bound stays, so a count written before still reads right as
 * 'at most its bound' — no stored row is rewritten. The first sixteen date from issue 22; the rest
 * (issue 29) split the ranges that read too coarse: a p95 of 1 to 2,5 minutes read '5 min'.
 */
export const LATENCY_BUCKET_UPPER_BOUNDS_MS = [
  10,
  25,
  50,
  100,
  250,
  500,
  1_000,
  2_500,
  5_000,
  10_000,
  30_000,
  60_000,
  300_000,
  900_000,
  3_600_000,
  Number.POSITIVE_INFINITY,
  // Issue 29.
  15_000,
  20_000,
  45_000,
  90_000,
  120_000,
  150_000,
  180_000,
  240_000,
  600_000,
  1_800_000,
] as const;

/** The number of latency buckets: the length of a count array. */
export const LATENCY_BUCKET_COUNT = LATENCY_BUCKET_UPPER_BOUNDS_MS.length;

/** The buckets' positions in the order of their bounds, lowest first. */
const BY_BOUND: readonly number[] = LATENCY_BUCKET_UPPER_BOUNDS_MS.map((_, index) => index).sort(
  (a, b) => LATENCY_BUCKET_UPPER_BOUNDS_MS[a]! - LATENCY_BUCKET_UPPER_BOUNDS_MS[b]!,
);

/** The finite bounds, ascending; a latency above the last one is counted as 'more than' it. */
export const LATENCY_BUCKET_BOUNDS_MS: readonly number[] = BY_BOUND.map(
  (index) => LATENCY_BUCKET_UPPER_BOUNDS_MS[index]!,
).filter((bound) => Number.isFinite(bound));

/** The position of the bucket a latency belongs in. */
export function latencyBucketOf(latencyMs: number): number {
  return BY_BOUND.find((index) => latencyMs <= LATENCY_BUCKET_UPPER_BOUNDS_MS[index]!)!;
}

/**
 * The latency below which `quantile` (0..1) of the counted deliveries fall: the upper bound of the
 * bucket that holds it, `null` with nothing counted, `Infinity` when it lies above the last bound.
 * `buckets` holds a count per position; a shorter array (a row written before buckets were added)
 * has none in the missing positions.
 */
export function latencyQuantileMs(buckets: readonly number[], quantile: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * quantile);
  let seen = 0;
  for (const index of BY_BOUND) {
    seen += buckets[index] ?? 0;
    if (seen >= rank) return LATENCY_BUCKET_UPPER_BOUNDS_MS[index]!;
  }
  return Number.POSITIVE_INFINITY;
}
