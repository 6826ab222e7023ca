import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKET_COUNT, latencyBucketOf, latencyQuantileMs } from './delivery-stats';

describe('delivery latency buckets', () => {
  it('puts a latency in the first bucket whose bound holds it, above the last bound in the last', () => {
    expect(latencyBucketOf(0)).toBe(0);
    expect(latencyBucketOf(10)).toBe(0);
    expect(latencyBucketOf(11)).toBe(1);
    expect(latencyBucketOf(3_600_000)).toBe(LATENCY_BUCKET_COUNT - 2);
    expect(latencyBucketOf(3_600_001)).toBe(LATENCY_BUCKET_COUNT - 1);
  });

  it('reads a quantile as the upper bound of the bucket that holds it', () => {
    const buckets = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
    expect(latencyQuantileMs(buckets, 0.95)).toBeNull();
    buckets[latencyBucketOf(20)] = 94;
    buckets[latencyBucketOf(800)] = 6;
    expect(latencyQuantileMs(buckets, 0.95)).toBe(1_000);
    expect(latencyQuantileMs(buckets, 0.9)).toBe(25);
    buckets[LATENCY_BUCKET_COUNT - 1] = 1_000;
    expect(latencyQuantileMs(buckets, 0.95)).toBe(Number.POSITIVE_INFINITY);
  });
});
