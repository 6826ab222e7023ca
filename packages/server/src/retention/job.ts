import { recordFault, resolveFault } from '../operator/faults';
import type { Database } from '../db/client';
import { runRetention, type RetentionDays, type RetentionResult, type RetentionRunOptions } from './run';

/** The first run after start: a few minutes, so that a (re)started worker first catches up on delivery. */
export const RETENTION_FIRST_DELAY_MS = 5 * 60_000;
/** Then once a day. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

export interface RetentionLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RetentionJobOptions {
  db: Database;
  /** The test environment's view of the database, whose traffic the job deletes after `days.testDays`. */
  testDb?: Database;
  days: RetentionDays;
  log: RetentionLog;
  firstDelayMs?: number;
  intervalMs?: number;
  run?: Omit<RetentionRunOptions, 'signal'>;
  /** Called after every run (tests: the positive signal that the schedule ran it). */
  onRun?: (result: RetentionResult) => void;
}

export interface RetentionJob {
  start(): void;
  /** Cancels the next run and ends a running one between two batches. */
  stop(): Promise<void>;
}

/**
 * The worker's daily retention job (decision 0032): first `firstDelayMs` after start, then every
 * `intervalMs` after the previous run ended. With several worker processes each runs it; the
 * batches skip the rows another one holds, so they share the work.
 */
export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const firstDelayMs = options.firstDelayMs ?? RETENTION_FIRST_DELAY_MS;
  const intervalMs = options.intervalMs ?? RETENTION_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let abort: AbortController | undefined;
  let stopped = true;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = runOnce().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, ms);
    timer.unref();
  };

  const runOnce = async () => {
    abort = new AbortController();
    const started = Date.now();
    try {
      const result = await runRetention(options.db, options.days, {
        ...options.run,
        testDb: options.testDb,
        signal: abort.signal,
      });
      options.log.info({ ...result, ms: Date.now() - started, days: options.days }, 'retention run done');
      await resolveFault(options.db, 'retention', 'run').catch(() => undefined);
      options.onRun?.(result);
    } catch (error) {
      options.log.error({ err: error }, 'retention run failed; tried again at the next run');
      // The operator hears of it (operator/alerts.ts); a run stopped at shutdown did not fail.
      const reason = error instanceof Error ? error.message : String(error);
      if (!stopped) await recordFault(options.db, 'retention', 'run', reason.slice(0, 500)).catch(() => undefined);
    }
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(firstDelayMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      abort?.abort();
      await running;
    },
  };
}
