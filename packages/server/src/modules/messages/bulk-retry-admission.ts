import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { BULK_RETRY_MAX_RUNNING, MESSAGE_TEXTS } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { bulkRetryJobs } from '../../db/schema';
import { AppError, ConflictError } from '../../errors';
import { filtersToQuery, type BulkRetryJobRow } from './bulk-retry';
import type { MessageFilterQuery } from './repository';

/*
 * Which bulk resend jobs may start (decision 0034, issue 30): one organisation — a participant, or
 * the platform's own staff, whose tenancy is the whole platform — runs at most BULK_RETRY_MAX_RUNNING
 * jobs at once, and never two over the same list. An organisation is the job's tenancy
 * (`only_deelnemer`, the caller's monitoringScope): what decides which messages a job covers.
 */

/** The advisory lock class of the admission (a constant of this feature); the organisation is the second key. */
const ADMISSION_LOCK = 0x42524a31;

/** A hint for a client refused for too many jobs: a job of 100,000 messages takes a few seconds (decision 0034). */
export const BULK_RETRY_RETRY_AFTER_SECONDS = 10;

/** Refused: the organisation runs as many jobs as it may. Answered with Retry-After. */
export class TooManyBulkRetryJobs extends AppError {
  readonly retryAfterSeconds = BULK_RETRY_RETRY_AFTER_SECONDS;
  constructor(running: number) {
    super(429, MESSAGE_TEXTS.bulkRetryTooMany(running));
  }
}

const ofTenancy = (onlyDeelnemer: string | undefined) =>
  onlyDeelnemer === undefined ? isNull(bulkRetryJobs.onlyDeelnemer) : eq(bulkRetryJobs.onlyDeelnemer, onlyDeelnemer);

/** The running jobs of one tenancy (undefined: the platform's staff and the super role), oldest first. */
export function runningJobs(db: Database, onlyDeelnemer: string | undefined): Promise<BulkRetryJobRow[]> {
  return db
    .select()
    .from(bulkRetryJobs)
    .where(and(eq(bulkRetryJobs.state, 'running'), ofTenancy(onlyDeelnemer)))
    .orderBy(asc(bulkRetryJobs.created));
}

/**
 * The messages a job covers, written one way: two filters that select the same undelivered
 * messages give the same text. Empty filters filter nothing; types are a set; and since a job
 * covers undelivered messages only, uitval (`isInError`) is 'failed at least once', as the
 * error-only toggle (`failedAttempts: 1`) is.
 */
export function listKey(query: MessageFilterQuery): string {
  const failed = Math.max(query.failedAttempts ?? 0, query.isInError ? 1 : 0);
  return JSON.stringify([
    query.flow,
    query.opdrachtId || null,
    query.sender || null,
    query.receiver || null,
    query.types?.length ? [...new Set(query.types)].sort() : null,
    failed,
    query.onlyDeelnemer ?? null,
  ]);
}

/**
 * Lets a new job over `query` start, in the transaction that will insert it: 409 while a job over
 * the same list runs, 429 while the organisation runs BULK_RETRY_MAX_RUNNING. Two starts of one
 * organisation take their turn on an advisory lock held until their transaction ends, so that the
 * second sees the first's job.
 */
export async function admitJob(tx: Database, query: MessageFilterQuery): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMISSION_LOCK}, hashtext(${query.onlyDeelnemer ?? ''}))`);
  const running = await runningJobs(tx, query.onlyDeelnemer);
  const key = listKey(query);
  if (running.some((job) => listKey(filtersToQuery(job.filters, job.onlyDeelnemer ?? undefined)) === key)) {
    throw new ConflictError(MESSAGE_TEXTS.bulkRetrySameList);
  }
  if (running.length >= BULK_RETRY_MAX_RUNNING) throw new TooManyBulkRetryJobs(running.length);
}
