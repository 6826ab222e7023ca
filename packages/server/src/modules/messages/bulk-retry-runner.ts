import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { bulkRetryBatches, bulkRetryJobs } from '../../db/schema';
import { LostJob, runBatch, type BulkRetryJobRow } from './bulk-retry';

export interface BulkRetryLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BulkRetryRunnerOptions {
  db: Database;
  log: BulkRetryLog;
  /** How often it looks for jobs left by a runner that stopped. */
  pollMs?: number;
  /** How long a runner holds a job after its last batch. */
  leaseMs?: number;
  /** A pause between batches, leaving the database to delivery (0: none). */
  pauseMs?: number;
  /** Pauses after a batch that failed, before it is tried again; then the job fails. */
  retryDelaysMs?: readonly number[];
}

export type BulkRetryRunner = ReturnType<typeof createBulkRetryRunner>;

/**
 * Runs the bulk resend jobs in the api process (decision 0034): at once when one is started
 * (`kick`), and every `pollMs` any job whose runner stopped or crashed (its lease ran out). One job
 * at a time per process, batch after batch, each its own transaction.
 */
export function createBulkRetryRunner({
  db,
  log,
  pollMs = 5000,
  leaseMs = 60_000,
  retryDelaysMs = [100, 1000, 5000],
  pauseMs = 0,
}: BulkRetryRunnerOptions) {
  const runner = randomUUID();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function claimJob(): Promise<BulkRetryJobRow | undefined> {
    const [row] = await db
      .update(bulkRetryJobs)
      .set({ runner, claimedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(
        sql`${bulkRetryJobs.id} = (
              select id from bulk_retry_jobs
              where state = 'running' and (claimed_until is null or claimed_until < now())
              order by created limit 1 for update skip locked)`,
      )
      .returning();
    return row;
  }

  async function runJob(job: BulkRetryJobRow): Promise<void> {
    let attempt = 0;
    while (!stopped) {
      try {
        if (!(await runBatch(db, job, runner, leaseMs))) {
          log.info({ job: job.id }, 'Opnieuw versturen klaar');
          return;
        }
        attempt = 0;
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      } catch (error) {
        if (error instanceof LostJob) {
          log.warn({ job: job.id }, 'Opnieuw versturen: taak overgenomen door een ander proces');
          return;
        }
        const delay = retryDelaysMs[attempt++];
        if (delay === undefined) {
          log.error({ job: job.id, err: error }, 'Opnieuw versturen mislukt');
          await db
            .update(bulkRetryJobs)
            .set({
              state: 'failed',
              error: error instanceof Error ? error.message : String(error),
              failed: sql`greatest(${bulkRetryJobs.total} - ${bulkRetryJobs.done} - ${bulkRetryJobs.skipped}, 0)`,
              finished: sql`now()`,
              runner: null,
              claimedUntil: null,
            })
            .where(and(sql`${bulkRetryJobs.id} = ${job.id}`, sql`${bulkRetryJobs.runner} = ${runner}`));
          await db.delete(bulkRetryBatches).where(eq(bulkRetryBatches.jobId, job.id));
          return;
        }
        log.warn({ job: job.id, err: error }, 'Opnieuw versturen: batch mislukt, opnieuw');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    // Stopped between batches: another runner may take it over at once.
    await db
      .update(bulkRetryJobs)
      .set({ runner: null, claimedUntil: null })
      .where(and(sql`${bulkRetryJobs.id} = ${job.id}`, sql`${bulkRetryJobs.runner} = ${runner}`));
  }

  async function runAvailable(): Promise<void> {
    while (!stopped) {
      const job = await claimJob();
      if (!job) return;
      await runJob(job);
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runAvailable()
      .catch((error: unknown) => log.error({ err: error }, 'Opnieuw versturen: taken niet gelezen'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    kick,
    start(): void {
      timer = setInterval(kick, pollMs);
      timer.unref();
      kick();
    },
    /** Finishes the batch in progress, releases the job, and stops. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
