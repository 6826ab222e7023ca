import { describe, expect, it } from 'vitest';
import {
  LATENCY_BUCKET_BOUNDS_MS,
  LATENCY_BUCKET_COUNT,
  LATENCY_BUCKET_UPPER_BOUNDS_MS,
  latencyBucketOf,
  latencyQuantileMs,
} from './delivery-stats';

const boundOf = (latencyMs: number) => LATENCY_BUCKET_UPPER_BOUNDS_MS[latencyBucketOf(latencyMs)];

describe('delivery latency buckets', () => {
  it('puts a latency in the bucket with the smallest bound that holds it, above the last bound in the overflow', () => {
    expect(latencyBucketOf(0)).toBe(0);
    expect(latencyBucketOf(10)).toBe(0);
    expect(latencyBucketOf(11)).toBe(1);
    expect(boundOf(3_600_000)).toBe(3_600_000);
    expect(boundOf(3_600_001)).toBe(Number.POSITIVE_INFINITY);
    // The minutes are split finely enough to tell 1 from 2,5 minutes (issue 29).
    expect([61_000, 100_000, 121_000, 150_000, 170_000, 200_000, 250_000].map(boundOf)).toEqual([
      90_000, 120_000, 150_000, 150_000, 180_000, 240_000, 300_000,
    ]);
    expect([12_000, 25_000, 50_000, 400_000, 1_000_000].map(boundOf)).toEqual([
      15_000, 30_000, 60_000, 600_000, 1_800_000,
    ]);
  });

  it('keeps the position and bound of every bucket counted before issue 29: stored counts still read right', () => {
    expect(LATENCY_BUCKET_UPPER_BOUNDS_MS.slice(0, 16)).toEqual([
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
    ]);
    expect(LATENCY_BUCKET_COUNT).toBe(LATENCY_BUCKET_UPPER_BOUNDS_MS.length);
    expect(LATENCY_BUCKET_BOUNDS_MS).toEqual([...LATENCY_BUCKET_BOUNDS_MS].sort((a, b) => a - b));
    expect(LATENCY_BUCKET_BOUNDS_MS.at(-1)).toBe(3_600_000);
  });

  it('reads a quantile as the upper bound of the bucket that holds it', () => {
    const buckets = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
    expect(latencyQuantileMs(buckets, 0.95)).toBeNull();
    buckets[latencyBucketOf(20)] = 94;
    buckets[latencyBucketOf(800)] = 6;
    expect(latencyQuantileMs(buckets, 0.95)).toBe(1_000);
    expect(latencyQuantileMs(buckets, 0.9)).toBe(25);
    buckets[latencyBucketOf(3_600_001)] = 1_000;
    expect(latencyQuantileMs(buckets, 0.95)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads deliveries of 1 to 2,5 minutes as at most 2,5 minutes, not 5', () => {
    const buckets = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
    for (const ms of [60_500, 75_000, 110_000, 140_000, 149_000]) buckets[latencyBucketOf(ms)]! += 20;
    expect(latencyQuantileMs(buckets, 0.95)).toBe(150_000);
  });

  it('reads a count array of before issue 29 (16 positions) and one of after, summed, by their bounds', () => {
    // Before: 10 deliveries somewhere in (60 s, 5 min], stored at the old position of 5 min.
    const before = new Array<number>(16).fill(0);
    before[12] = 10;
    expect(latencyQuantileMs(before, 0.95)).toBe(300_000);
    // After: 90 in (90 s, 2 min]; summed position by position as the Overzicht does.
    const after = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
    after[latencyBucketOf(100_000)] = 90;
    const summed = after.map((count, index) => count + (before[index] ?? 0));
    expect(latencyQuantileMs(summed, 0.9)).toBe(120_000);
    expect(latencyQuantileMs(summed, 0.95)).toBe(300_000);
  });
});
