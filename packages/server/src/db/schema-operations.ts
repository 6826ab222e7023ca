import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The operators' tools (issue 22) beside the exchange's own tables (schema-berichten.ts): bulk
 * resend jobs, the worker's delivery counters and the delivery alerts.
 */

/**
 * 'Alles opnieuw versturen' (decision 0034): one job per bulk resend. The runner
 * (modules/messages/bulk-retry.ts) makes the undelivered messages matching `filters` due now, up
 * to `untilSeq` (the messages there when the job started), batch after batch in `seq` order, and
 * keeps its place in `nextBatch`, so a job taken over after a crash goes on where the last batch
 * ended.
 */
export const bulkRetryJobs = pgTable(
  'bulk_retry_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who started it: the token's subject (the owner may read it) and as the audit log names it. */
    actorSub: text('actor_sub').notNull(),
    actor: text('actor').notNull(),
    /** Tenancy (decision 0010): only messages this participant sent or receives, when set. */
    onlyDeelnemer: text('only_deelnemer'),
    /** The search's filters (messageSearchSchema's output). */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** 'running', 'finished' or 'failed'. */
    state: text('state').notNull().default('running'),
    /** The next of its batches (bulk_retry_batches) to run: the job's place. */
    nextBatch: integer('next_batch').notNull().default(0),
    untilSeq: bigint('until_seq', { mode: 'number' }).notNull(),
    error: text('error'),
    /** The runner holding the job: only it writes the job's batches (a fence, as the lanes of decision 0023). */
    runner: uuid('runner'),
    /** A runner holds the job until then; after a crash another takes it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    finished: timestamp('finished', { withTimezone: true }),
  },
  (t) => [
    index('bulk_retry_jobs_running_idx')
      .on(t.created)
      .where(sql`${t.state} = 'running'`),
  ],
);

/**
 * The messages of a bulk resend job (decision 0034), chosen once when it starts and cut into its
 * batches: one row per batch, its messages (and their orders) as arrays in `seq` order. A batch
 * reads one row by the primary key instead of searching the filters again (which read every
 * remaining match per batch), and writing the choice is one row per 1,000 messages, not one per
 * message. A batch deletes its row when it commits; a finished or failed job has none left.
 */
export const bulkRetryBatches = pgTable(
  'bulk_retry_batches',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => bulkRetryJobs.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    messageIds: uuid('message_ids').array().notNull(),
    receivers: text('receivers').array().notNull(),
    opdrachtIds: text('opdracht_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.batch] })],
);

/**
 * Delivery counters per receiver configuration (receiver, versienummer) and minute (issue 22
 * items 2 and 3): the worker adds what it delivered, the failed attempts and the accepted→delivered
 * latency of what it delivered as counts per bucket (domain LATENCY_BUCKET_BOUNDS_MS). The
 * Overzicht and the alerts read these instead of scanning messages. `minute` is the start of the
 * minute (UTC).
 */
export const deliveryMinutes = pgTable(
  'delivery_minutes',
  {
    receiver: text('receiver').notNull(),
    versienummer: text('versienummer').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Delivered messages per latency bucket; LATENCY_BUCKET_COUNT entries. */
    latency: integer('latency').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiver, t.versienummer, t.minute] }),
    // The Overzicht reads every receiver's last 24 hours at once.
    index('delivery_minutes_minute_idx').on(t.minute),
  ],
);

/**
 * Failure and recovery alerts per receiver configuration (issue 22 item 2, decision 0035), kept by
 * the worker's alert evaluation (delivery/alerts.ts) and shown by the Overzicht. An open alert has
 * no `recoveredAt`; at most one is open per receiver configuration. `reason` is 'failures' (a
 * message reached ALERT_FAILED_ATTEMPTS failed attempts) or 'silence' (messages wait and nothing
 * was delivered for ALERT_SILENCE_MINUTES). `alertedAt` is when the last alert mail was written.
 */
export const deliveryAlerts = pgTable(
  'delivery_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiver: text('receiver').notNull(),
    versienummer: text('versienummer').notNull(),
    downSince: timestamp('down_since', { withTimezone: true }).notNull(),
    reason: text('reason').$type<'failures' | 'silence'>().notNull(),
    lastError: text('last_error'),
    lastTraceId: text('last_trace_id'),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    /** When the alert was opened (down_since may lie before it). */
    opened: timestamp('opened', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_alerts_reason', sql`${t.reason} in ('failures', 'silence')`),
    uniqueIndex('delivery_alerts_one_open')
      .on(t.receiver, t.versienummer)
      .where(sql`${t.recoveredAt} is null`),
    // A receiver's past alerts, newest first.
    index('delivery_alerts_receiver_idx').on(t.receiver, t.versienummer, t.downSince),
  ],
);
