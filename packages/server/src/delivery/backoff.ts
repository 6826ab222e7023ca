/**
 * Wait before the next attempt after the n-th failed attempt (n = 1, 2, …): quick retries for a
 * blip, then hourly for a partner that is down. Past the table's end it stays at its last step.
 * docs and the portal may show this table as is.
 */
export const BACKOFF_SCHEDULE_MS: readonly number[] = [
  10_000, // 10 s
  30_000, // 30 s
  60_000, // 1 min
  5 * 60_000, // 5 min
  15 * 60_000, // 15 min
  60 * 60_000, // 1 h, then every hour
];

/** ±20 %, so the retries of many orders to one recovered partner do not arrive at one instant. */
export const BACKOFF_JITTER = 0.2;

/** Delay after `failedAttempts` failures (counting the one that just happened), jittered. */
export function backoffMs(failedAttempts: number, random: () => number = Math.random): number {
  const step = Math.min(Math.max(failedAttempts, 1), BACKOFF_SCHEDULE_MS.length) - 1;
  const base = BACKOFF_SCHEDULE_MS[step] ?? 0;
  return Math.round(base * (1 + BACKOFF_JITTER * (2 * random() - 1)));
}
