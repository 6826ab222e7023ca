import { and, count, isNull, lte, sql } from 'drizzle-orm';
import { MESSAGE_VERSIENUMMER_FILTER, type BulkRetryJob } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import { bulkRetryBatches, bulkRetryJobs, messages } from '../../db/schema';
import { Statement, value } from '../../db/statement';
import { OUTBOX_CHANNEL } from '../../delivery/wakeup';
import { eitherParty, perShape, statementBuilder } from '../../monitoring/statements';
import { filterShape, filterValues, messageFilter, type MessageFilterQuery } from './repository';

/*
 * 'Alles opnieuw versturen' (decision 0034): every undelivered message matching the filters of
 * Berichten or Uitval made due now, as 'Opnieuw verzenden' does for one (makeDueNow), by one job
 * in batches of `seq` order. The filters are the lists' own (messageFilter); tenancy narrows them
 * to the participant's messages.
 */

type BulkShape = ReturnType<typeof filterShape>;

/** Undelivered messages matching the filters (and tenancy), up to `until` when bounded. */
function undelivered(shape: BulkShape, bounded: boolean) {
  return and(
    messageFilter(shape),
    isNull(messages.deliveredAt),
    shape.tenancy ? eitherParty(messages.sender, messages.receiver) : undefined,
    bounded ? lte(messages.seq, value('until')) : undefined,
  );
}

const countOf = perShape(
  ({ shape, bounded }: { shape: BulkShape; bounded: boolean }) =>
    new Statement(statementBuilder.select({ n: count() }).from(messages).where(undelivered(shape, bounded)), (rows) =>
      Number(rows[0]?.[0] ?? 0),
    ),
);

/** Messages per batch of a job (one short transaction each), unless the app is built with another. */
export const BULK_RETRY_BATCH_SIZE = 1000;

/**
 * The job's messages: every undelivered one matching the filters up to `until`, chosen once in one
 * statement and cut into batches of `size` in `seq` order — one row per batch, the messages and
 * their orders as arrays (answers how many). One row per message took three times as long to write
 * (decision 0034).
 */
const chooseBatches = perShape(
  (shape: BulkShape) =>
    new Statement(
      sql`with chosen as (
            select seq, id, receiver, opdracht_id, (row_number() over (order by seq) - 1) / ${value('size')}::integer as batch
            from (${statementBuilder
              .select({
                seq: messages.seq,
                id: messages.id,
                receiver: messages.receiver,
                opdrachtId: messages.opdrachtId,
              })
              .from(messages)
              .where(undelivered(shape, true))}) matching (seq, id, receiver, opdracht_id)
          ), batches as (
            insert into ${bulkRetryBatches} (job_id, batch, message_ids, receivers, opdracht_ids)
            select ${value('job')}::uuid, batch, array_agg(id order by seq), array_agg(receiver order by seq),
                   array_agg(opdracht_id order by seq)
            from chosen group by batch
            returning cardinality(message_ids) as n
          )
          select coalesce(sum(n), 0)::int from batches`,
      (rows) => Number(rows[0]?.[0] ?? 0),
    ),
);

/** How many undelivered messages match the filters now. */
export function countUndelivered(db: Database, query: MessageFilterQuery): Promise<number> {
  return countOf({ shape: filterShape(query), bounded: false }).run(db, filterValues(query));
}

export type BulkRetryJobRow = typeof bulkRetryJobs.$inferSelect;

/**
 * A new job over the undelivered messages matching now: those up to the last seq handed out, so
 * messages accepted later are not in it (they are due anyway). Its total is their count.
 */
export async function insertJob(
  tx: Database,
  job: {
    actorSub: string;
    actor: string;
    query: MessageFilterQuery;
    filters: Record<string, unknown>;
    batchSize?: number;
  },
): Promise<BulkRetryJobRow> {
  const [last] = await queryRows<{ until: string | number }>(
    tx,
    sql`select coalesce(pg_sequence_last_value(pg_get_serial_sequence('messages', 'seq')::regclass), 0) as until`,
  );
  const until = Number(last?.until ?? 0);
  const [created] = await tx
    .insert(bulkRetryJobs)
    .values({
      actorSub: job.actorSub,
      actor: job.actor,
      onlyDeelnemer: job.query.onlyDeelnemer ?? null,
      filters: job.filters,
      total: 0,
      untilSeq: until,
    })
    .returning({ id: bulkRetryJobs.id });
  // The choice sorts up to a few hundred thousand keys: in memory, not in temporary files.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const total = await chooseBatches(filterShape(job.query)).run(tx, {
    ...filterValues(job.query),
    until,
    job: created!.id,
    size: job.batchSize ?? BULK_RETRY_BATCH_SIZE,
  });
  const [row] = await tx
    .update(bulkRetryJobs)
    .set({
      total,
      // Nothing to do: finished at once.
      ...(total === 0 && { state: 'finished', finished: sql`now()` }),
    })
    .where(sql`${bulkRetryJobs.id} = ${created!.id}`)
    .returning();
  return row!;
}

export async function findJob(db: Database, id: string): Promise<BulkRetryJobRow | undefined> {
  const [row] = await db
    .select()
    .from(bulkRetryJobs)
    .where(sql`${bulkRetryJobs.id} = ${id}`);
  return row;
}

export function toJobView(row: BulkRetryJobRow): BulkRetryJob {
  return {
    id: row.id,
    state: row.state as BulkRetryJob['state'],
    filters: row.filters,
    total: row.total,
    done: row.done,
    skipped: row.skipped,
    failed: row.failed,
    created: row.created.toISOString(),
    finished: row.finished ? row.finished.toISOString() : null,
  };
}

/** The job's runner lost it (its lease ran out and another runner took it): the batch is rolled back. */
export class LostJob extends Error {}

/**
 * One batch in one short transaction: makes the job's next batch of messages due now and moves
 * the job's place past it (the database function `bulk_retry_batch`, migration 0026: one round
 * trip, however busy this process is with delivery). Answers whether the job has more to do.
 *
 * What decides when a message goes is its order's head (`order_heads.due`): the claim takes due
 * heads, and a run's first message is its head's, sent whatever its own `next_attempt`. So a
 * message that heads its order is made due by its head alone — a narrow row with two indexes —
 * and its own row is not written: `next_attempt` is in five per-flow indexes of the wide messages
 * table, and writing it for 100,000 messages took the drain's CPU (decision 0034). The lists show
 * the head's due for such a message (`withHeadsDue`); its next attempt is written by the attempt.
 * A message behind others of its order keeps its place (FIFO): its head stays on the earlier
 * message, and it goes after them. Only if its own next attempt lies in the future is it brought
 * to now, so that a run does not stop before it once the head reaches it (claim.ts toRuns).
 *
 * Locks the job's row (fenced by `runner`: a runner whose lease ran out writes nothing and gets
 * LostJob), then the batch's order heads in (receiver, opdracht) order, then messages — the one
 * lock order of decision 0023, as a recording and the single resend take them. A message
 * delivered (or whose order was cancelled) since the job started is counted as skipped.
 */
export async function runBatch(db: Database, job: BulkRetryJobRow, runner: string, leaseMs: number): Promise<boolean> {
  const { lost, more } = await batchStatement.run(db, {
    job: job.id,
    runner,
    batch: job.nextBatch,
    leaseMs,
    channel: OUTBOX_CHANNEL,
  });
  if (lost) throw new LostJob(`bulk retry job ${job.id} was taken over`);
  // Only once committed: a batch that failed is run again.
  job.nextBatch += 1;
  return more;
}

const batchStatement = new Statement(
  sql`select lost, more from bulk_retry_batch(${value('job')}::uuid, ${value('runner')}::uuid,
        ${value('batch')}::integer, ${value('leaseMs')}::integer, ${value('channel')}::text)`,
  (rows) => {
    const [lost, more] = rows[0] as [boolean, boolean];
    return { lost, more };
  },
  { name: 'bulk_retry_batch' },
);

/** A search's filters (messageSearchSchema's output) as the repository's query: the lists' and the bulk resend's. */
export function filtersToQuery(
  filters: Record<string, unknown>,
  onlyDeelnemer: string | undefined,
): MessageFilterQuery {
  const f = filters as {
    versienummer?: string;
    opdrachtId?: string;
    failedAttempts?: number;
    sender?: string;
    receiver?: string;
    type?: string[];
    isInError?: boolean;
  };
  return {
    flow: f.versienummer === MESSAGE_VERSIENUMMER_FILTER.hoofdnet ? 'hoofdnet' : 'aansluiting',
    opdrachtId: f.opdrachtId,
    failedAttempts: f.failedAttempts,
    sender: f.sender,
    receiver: f.receiver,
    types: f.type,
    isInError: f.isInError,
    onlyDeelnemer,
  };
}
