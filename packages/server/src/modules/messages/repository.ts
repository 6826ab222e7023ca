import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { Flow } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import {
  cappedCount,
  failedCondition,
  flowCondition,
  shownNextAttempt,
  sumOfCounts,
  uitvalCondition,
} from '../../db/monitoring';
import { messages, orderHeads } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;

export interface MessageQuery {
  flow: Flow;
  opdrachtId?: string | undefined;
  /** At least this many failed attempts. */
  failedAttempts?: number | undefined;
  sender?: string | undefined;
  receiver?: string | undefined;
  types?: string[] | undefined;
  /** Uitval: failed at least once and not delivered. */
  isInError?: boolean | undefined;
  /** Tenancy: only messages this participant sent or receives, when set. */
  onlyDeelnemer?: string | undefined;
  skip: number;
  limit: number;
  sortBy: 'nextAttempt' | 'created' | 'opdrachtId';
  sortDirection: 'asc' | 'desc';
}

const sortColumns = {
  nextAttempt: shownNextAttempt(messages),
  created: messages.created,
  opdrachtId: messages.opdrachtId,
};
/** The same sort keys by their names in the output of a union of pages. */
const sortOutputs = { nextAttempt: 'shown', created: 'created', opdrachtId: 'opdracht_id' } as const;

/**
 * One page of the Berichten and Uitval lists and its capped count, served by the indexes of
 * decision 0010: a flow's partial index for the default sort and for each filter.
 */
export async function searchMessages(db: Database, query: MessageQuery) {
  const where = and(
    flowCondition(messages.versienummer, query.flow),
    query.opdrachtId ? eq(messages.opdrachtId, query.opdrachtId) : undefined,
    query.failedAttempts ? failedCondition(messages) : undefined,
    query.failedAttempts && query.failedAttempts > 1 ? gte(messages.failedAttempts, query.failedAttempts) : undefined,
    query.sender ? eq(messages.sender, query.sender) : undefined,
    query.receiver ? eq(messages.receiver, query.receiver) : undefined,
    query.types?.length ? inArray(messages.type, query.types) : undefined,
    query.isInError ? uitvalCondition(messages) : undefined,
  );
  const only = query.onlyDeelnemer;
  if (only === undefined) {
    const [rows, counted] = await Promise.all([
      sortedPage(db, where, query).limit(query.limit).offset(query.skip),
      cappedCount(db, messages, where),
    ]);
    return { rows, ...counted };
  }
  // Tenancy: what the participant sent, and what it received from others, each an ordered scan
  // of the flow's sender (receiver) index, merged. An OR of the two is served by no one index.
  const sent = and(where, eq(messages.sender, only));
  const received = and(where, eq(messages.receiver, only), ne(messages.sender, only));
  const direction = query.sortDirection === 'desc' ? sql`desc` : sql`asc`;
  const [rows, ...counts] = await Promise.all([
    unionAll(
      sortedPage(db, sent, query).limit(query.skip + query.limit),
      sortedPage(db, received, query).limit(query.skip + query.limit),
    )
      .orderBy(
        sql`${sql.identifier(sortOutputs[query.sortBy])} ${direction}`,
        sql`${sql.identifier('seq')} ${direction}`,
      )
      .limit(query.limit)
      .offset(query.skip),
    cappedCount(db, messages, sent),
    cappedCount(db, messages, received),
  ]);
  return { rows, ...sumOfCounts(counts) };
}

function sortedPage(db: Database, where: SQL | undefined, query: MessageQuery) {
  const direction = query.sortDirection === 'desc' ? desc : asc;
  return db
    .select({ ...getTableColumns(messages), shown: sql<Date | null>`${sortColumns.nextAttempt}`.as('shown') })
    .from(messages)
    .where(where)
    .orderBy(direction(sortColumns[query.sortBy]), direction(messages.seq))
    .$dynamic();
}

/**
 * The participants that occur as sender and as receiver in a flow's messages, ascending. A skip
 * scan: one probe of the flow's sender (receiver) index per participant, not a scan of the table.
 */
export async function messageParties(db: Database, flow: Flow) {
  const distinct = async (column: PgColumn) => {
    const inFlow = flowCondition(messages.versienummer, flow);
    const rows = await queryRows<{ v: string | null }>(
      db,
      sql`with recursive parties(v) as (
            select min(${column}) from ${messages} where ${inFlow}
            union all
            select (select min(${column}) from ${messages} where ${inFlow} and ${column} > parties.v)
            from parties where parties.v is not null
          )
          select v from parties where v is not null`,
    );
    return rows.map((row) => String(row.v));
  };
  const [senders, receivers] = await Promise.all([distinct(messages.sender), distinct(messages.receiver)]);
  return { senders, receivers };
}

/** The messages stored under these (sender, idempotency key) pairs. */
export async function findMessagesByKey(
  db: Database,
  keys: readonly { sender: string; idempotencyKey: string }[],
): Promise<{ id: string; sender: string; idempotencyKey: string }[]> {
  if (keys.length === 0) return [];
  const pairs = keys.map(({ sender, idempotencyKey }) => ({ sender, idempotencyKey }));
  return queryRows<{ id: string; sender: string; idempotencyKey: string }>(
    db,
    sql`select m.id, m.sender, m.idempotency_key as "idempotencyKey"
        from messages m
        join jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as k(sender text, "idempotencyKey" text)
          on m.sender = k.sender and m.idempotency_key = k."idempotencyKey"`,
  );
}

export async function findMessage(db: Database, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/**
 * Makes an undelivered message due now. Its order's head follows when the message is the head;
 * a later message stays behind the earlier ones of its order (FIFO), so it goes when they have.
 */
export async function makeDueNow(db: Database, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ nextAttempt: sql`now()` })
    .where(and(eq(messages.id, id), isNull(messages.deliveredAt)))
    .returning();
  if (row)
    await db
      .update(orderHeads)
      .set({ due: sql`now()` })
      .where(eq(orderHeads.messageId, id));
  return row;
}

/** Removes every message of an order still to be sent, and the order's heads with them. */
export async function deleteOpenMessages(db: Database, opdrachtId: string): Promise<number> {
  await db.delete(orderHeads).where(eq(orderHeads.opdrachtId, opdrachtId));
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.opdrachtId, opdrachtId), isNull(messages.deliveredAt)))
    .returning({ id: messages.id });
  return deleted.length;
}
