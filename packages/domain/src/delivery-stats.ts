/**
 * Delivery counters per receiver and minute (issue 22 items 2 and 3, table `delivery_minutes`):
 * the worker adds what it delivered and what failed; the Overzicht and the alerts read them
 * instead of scanning messages.
 */

/**
 * Upper bounds (inclusive, milliseconds) of the accepted→delivered latency buckets. Bucket i counts
 * the delivered messages whose latency was at most LATENCY_BUCKET_BOUNDS_MS[i] and above the bound
 * before it; the last bucket (index LATENCY_BUCKET_BOUNDS_MS.length) counts everything above the
 * last bound. A p95 read from these is the upper bound of the bucket holding the 95th percentile.
 */
export const LATENCY_BUCKET_BOUNDS_MS = [
  10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000, 300_000, 900_000, 3_600_000,
] as const;

/** The number of latency buckets: one per bound and one above the last. */
export const LATENCY_BUCKET_COUNT = LATENCY_BUCKET_BOUNDS_MS.length + 1;

/** The bucket a latency belongs in. */
export function latencyBucketOf(latencyMs: number): number {
  const index = LATENCY_BUCKET_BOUNDS_MS.findIndex((bound) => latencyMs <= bound);
  return index === -1 ? LATENCY_BUCKET_BOUNDS_MS.length : index;
}

/**
 * The latency below which `quantile` (0..1) of the counted deliveries fall: the upper bound of the
 * bucket that holds it, `null` with nothing counted, `Infinity` when it lies above the last bound.
 */
export function latencyQuantileMs(buckets: readonly number[], quantile: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * quantile);
  let seen = 0;
  for (let index = 0; index < buckets.length; index += 1) {
    seen += buckets[index] ?? 0;
    if (seen >= rank) return LATENCY_BUCKET_BOUNDS_MS[index] ?? Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}
