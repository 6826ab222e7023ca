import { and, asc, desc, eq, gte, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Flow, MessageView } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import { failedCondition, flowCondition, shownNextAttempt, uitvalCondition } from '../../db/monitoring';
import { messages, orderHeads } from '../../db/schema';
import { notifyNewWork } from '../../delivery/enqueue';
import {
  cappedCountStatement,
  isoTimestamp,
  isoTimestampOrNull,
  perShape,
  searchList,
  statementBuilder,
  type ListStatements,
} from '../../monitoring/statements';
import { Statement, value } from '../../db/statement';

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

/** What a page selects: the view's columns (in `toView`'s order), then `seq` for the order of a union. */
const pageColumns = {
  id: messages.id,
  opdrachtId: messages.opdrachtId,
  sender: messages.sender,
  receiver: messages.receiver,
  type: messages.type,
  versienummer: messages.versienummer,
  created: messages.created,
  failedAttempts: messages.failedAttempts,
  lastAttempt: messages.lastAttempt,
  shown: sql`${shownNextAttempt(messages)}`.as('shown'),
  data: messages.data,
  err: messages.err,
  dataRemovedAt: messages.dataRemovedAt,
  dataRemovedAfterDays: messages.dataRemovedAfterDays,
  seq: messages.seq,
};

/** A row of `pageColumns` as the portal sees it (as `toMessageView` in service.ts does from a whole row). */
function toView(row: unknown[]): MessageView {
  const [
    id,
    opdrachtId,
    sender,
    receiver,
    type,
    versienummer,
    created,
    failedAttempts,
    lastAttempt,
    shown,
    data,
    err,
    dataRemovedAt,
    dataRemovedAfterDays,
  ] = row as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    number,
    string | null,
    string | null,
    MessageView['data'],
    MessageView['err'] | null,
    string | null,
    number | null,
  ];
  return {
    _id: id,
    opdrachtId,
    sender,
    receiver,
    type,
    versienummer,
    created: isoTimestamp(created),
    failedAttempts,
    lastAttempt: isoTimestampOrNull(lastAttempt),
    nextAttempt: isoTimestampOrNull(shown),
    data,
    err: err ?? null,
    dataRemoved:
      dataRemovedAt === null ? null : { at: isoTimestamp(dataRemovedAt), afterDays: Number(dataRemovedAfterDays) },
  };
}

/** Which filters a search sets, its sort and whether tenancy applies: everything but the values. */
interface MessageShape {
  flow: Flow;
  opdrachtId: boolean;
  /** 0: no filter; 1: failed at least once; 2: at least `failedAttempts` times. */
  failed: 0 | 1 | 2;
  sender: boolean;
  receiver: boolean;
  types: boolean;
  isInError: boolean;
  tenancy: boolean;
  sortBy: MessageQuery['sortBy'];
  sortDirection: MessageQuery['sortDirection'];
}

/**
 * The filters of a shape as one condition, with a placeholder for every value: the one builder of
 * the Berichten and Uitval filters, for their lists and for the bulk resend (bulk-retry.ts).
 * Tenancy is not in it: the list merges two ordered scans for it, the bulk resend tests either party.
 */
export function messageFilter(shape: Omit<MessageShape, 'sortBy' | 'sortDirection' | 'tenancy'>): SQL | undefined {
  return and(
    flowCondition(messages.versienummer, shape.flow),
    shape.opdrachtId ? eq(messages.opdrachtId, value('opdrachtId')) : undefined,
    shape.failed > 0 ? failedCondition(messages) : undefined,
    shape.failed > 1 ? gte(messages.failedAttempts, value('failedAttempts')) : undefined,
    shape.sender ? eq(messages.sender, value('sender')) : undefined,
    shape.receiver ? eq(messages.receiver, value('receiver')) : undefined,
    shape.types ? sql`${messages.type} = any(${value('types')})` : undefined,
    shape.isInError ? uitvalCondition(messages) : undefined,
  );
}

/** A search's filters as the shape of its statements and the values they are run with. */
export type MessageFilterQuery = Omit<MessageQuery, 'skip' | 'limit' | 'sortBy' | 'sortDirection'>;

export function filterShape(query: MessageFilterQuery) {
  const failedAttempts = query.failedAttempts ?? 0;
  return {
    flow: query.flow,
    opdrachtId: Boolean(query.opdrachtId),
    failed: failedAttempts > 1 ? (2 as const) : failedAttempts > 0 ? (1 as const) : (0 as const),
    sender: Boolean(query.sender),
    receiver: Boolean(query.receiver),
    types: Boolean(query.types?.length),
    isInError: Boolean(query.isInError),
    tenancy: query.onlyDeelnemer !== undefined,
  };
}

export function filterValues(query: MessageFilterQuery) {
  return {
    opdrachtId: query.opdrachtId,
    failedAttempts: query.failedAttempts ?? 0,
    sender: query.sender,
    receiver: query.receiver,
    types: query.types,
    only: query.onlyDeelnemer,
  };
}

/**
 * The statements of one shape, served by the indexes of decision 0010: a flow's partial index for
 * the default sort and for each filter.
 */
const statementsOf = perShape((shape: MessageShape): ListStatements<MessageView> => {
  const where = messageFilter(shape);
  const toViews = (rows: unknown[][]) => rows.map(toView);
  if (!shape.tenancy) {
    const page = sortedPage(where, shape).limit(value('limit')).offset(value('skip'));
    return { page: new Statement(page, toViews), counts: [cappedCountStatement(messages, where)] };
  }
  // Tenancy: what the participant sent, and what it received from others, each an ordered scan
  // of the flow's sender (receiver) index, merged. An OR of the two is served by no one index.
  const sent = and(where, eq(messages.sender, value('only')));
  const received = and(where, eq(messages.receiver, value('only')), ne(messages.sender, value('only')));
  const direction = shape.sortDirection === 'desc' ? sql`desc` : sql`asc`;
  const page = sortedPage(sent, shape)
    .limit(value('window'))
    .unionAll(sortedPage(received, shape).limit(value('window')))
    .orderBy(sql`${sql.identifier(sortOutputs[shape.sortBy])} ${direction}`, sql`${sql.identifier('seq')} ${direction}`)
    .limit(value('limit'))
    .offset(value('skip'));
  return {
    page: new Statement(page, toViews),
    counts: [cappedCountStatement(messages, sent), cappedCountStatement(messages, received)],
  };
});

function sortedPage(where: SQL | undefined, shape: MessageShape) {
  const direction = shape.sortDirection === 'desc' ? desc : asc;
  return statementBuilder
    .select(pageColumns)
    .from(messages)
    .where(where)
    .orderBy(direction(sortColumns[shape.sortBy]), direction(messages.seq))
    .$dynamic();
}

/** One page of the Berichten and Uitval lists, as the portal sees it, and its capped count. */
export function searchMessages(db: Database, query: MessageQuery) {
  const shape: MessageShape = { ...filterShape(query), sortBy: query.sortBy, sortDirection: query.sortDirection };
  return searchList(db, statementsOf(shape), {
    ...filterValues(query),
    skip: query.skip,
    limit: query.limit,
    window: query.skip + query.limit,
  });
}

/**
 * The participants that occur as sender and as receiver in a flow's messages, ascending. A skip
 * scan: one probe of the flow's sender (receiver) index per participant, not a scan of the table.
 */
const partiesOf = perShape((flow: Flow) => {
  const distinct = (column: PgColumn) => {
    const inFlow = flowCondition(messages.versienummer, flow);
    return new Statement(
      sql`with recursive parties(v) as (
            select min(${column}) from ${messages} where ${inFlow}
            union all
            select (select min(${column}) from ${messages} where ${inFlow} and ${column} > parties.v)
            from parties where parties.v is not null
          )
          select v from parties where v is not null`,
      (rows) => rows.map((row) => String(row[0])),
    );
  };
  return { senders: distinct(messages.sender), receivers: distinct(messages.receiver) };
});

export async function messageParties(db: Database, flow: Flow) {
  const parties = partiesOf(flow);
  const [senders, receivers] = await Promise.all([parties.senders.run(db), parties.receivers.run(db)]);
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
 * A head whose order was cancelled while it was being delivered stays put: its run is ending.
 *
 * Locks in the one order (decision 0023): the order's head for this receiver first, then the
 * message — as a recording takes them (it locks the head, then marks the message delivered).
 * Message first, a recording holding the head and waiting for the message would deadlock.
 */
export async function makeDueNow(
  db: Database,
  message: { id: string; receiver: string; opdrachtId: string },
): Promise<MessageRow | undefined> {
  await db.execute(
    sql`select 1 from order_heads where receiver = ${message.receiver} and opdracht_id = ${message.opdrachtId} for update`,
  );
  const [row] = await db
    .update(messages)
    .set({ nextAttempt: sql`now()` })
    .where(and(eq(messages.id, message.id), isNull(messages.deliveredAt)))
    .returning();
  if (row)
    await db
      .update(orderHeads)
      .set({ due: sql`now()` })
      .where(
        and(
          eq(orderHeads.receiver, message.receiver),
          eq(orderHeads.opdrachtId, message.opdrachtId),
          eq(orderHeads.messageId, message.id),
          eq(orderHeads.cancelled, false),
        ),
      );
  return row;
}

/**
 * Sends a delivered message again ('Opnieuw verzenden' of a delivered message, spec 000 §2): it is
 * undelivered and due now once more, with a new seq, so that it goes behind every message of its
 * order still waiting — FIFO holds, and the head moves on to it in seq order (complete.ts) — or
 * gets a new head when the order has none. Its id, so the Idempotency-Key the receiver gets
 * (deliver.ts), stays: the receiver can tell the repeat. Its failed attempts start again at 0, so
 * it is not uitval while it waits; its last error (and trace id) stays on the row. Answers the
 * updated message; nothing when it is not delivered (any more); 'cancelling' when its order was
 * cancelled while a run of it is in flight: that run's recording deletes the order's undelivered
 * messages (decision 0023), so the message is left as delivered.
 *
 * Locks in the one order (decision 0023): the order first — as an accepted message does, so no
 * message of this order is enqueued meanwhile — then its head, then the message.
 */
export async function requeueDelivered(
  db: Database,
  message: { id: string; receiver: string; opdrachtId: string },
): Promise<MessageRow | 'cancelling' | undefined> {
  await db.execute(sql`select 1 from opdrachten where opdracht_id = ${message.opdrachtId} for update`);
  const [head] = await queryRows<{ cancelled: boolean }>(
    db,
    sql`select cancelled from order_heads
        where receiver = ${message.receiver} and opdracht_id = ${message.opdrachtId} for update`,
  );
  if (head?.cancelled) return 'cancelling';
  const [row] = await db
    .update(messages)
    .set({
      deliveredAt: null,
      seq: sql`nextval(pg_get_serial_sequence('messages', 'seq'))`,
      nextAttempt: sql`now()`,
      failedAttempts: 0,
    })
    // A message whose payload retention removed (decision 0032) is not sent again: its data is gone.
    .where(and(eq(messages.id, message.id), isNotNull(messages.deliveredAt), isNull(messages.dataRemovedAt)))
    .returning();
  if (!row) return undefined;
  await db
    .insert(orderHeads)
    .values({
      receiver: row.receiver,
      opdrachtId: row.opdrachtId,
      messageId: row.id,
      versienummer: row.versienummer,
      due: sql`now()`,
    })
    .onConflictDoNothing();
  await notifyNewWork(db);
  return row;
}

/**
 * Removes every message of an order still to be sent, and the order's heads with them — except
 * those being delivered now (decision 0023): a head claimed under a lease that has not run out is
 * marked cancelled (and due never, so no claim takes it again) and keeps its messages; the
 * recording of its run keeps what was delivered as delivered and deletes the rest with the head
 * (complete.ts; release-stale.ts when the worker never records). Answers how many messages went
 * and how many stay until their run is recorded.
 *
 * Locks in the one order (decision 0023): the caller holds the order; then the order's heads, in
 * receiver order, then the messages — as a recording, so the two never deadlock.
 */
export async function deleteOpenMessages(
  db: Database,
  opdrachtId: string,
): Promise<{ deleted: number; inFlight: number }> {
  await db.execute(sql`select 1 from order_heads where opdracht_id = ${opdrachtId} order by receiver for update`);
  await db
    .update(orderHeads)
    .set({ cancelled: true, due: sql`'infinity'` })
    .where(and(eq(orderHeads.opdrachtId, opdrachtId), sql`${orderHeads.claimedUntil} >= now()`));
  await db.delete(orderHeads).where(and(eq(orderHeads.opdrachtId, opdrachtId), eq(orderHeads.cancelled, false)));
  const open = await queryRows<{ kept: boolean }>(
    db,
    sql`with gone as (
          delete from messages m
          where m.opdracht_id = ${opdrachtId} and m.delivered_at is null
            and not exists (
              select 1 from order_heads h where h.receiver = m.receiver and h.opdracht_id = m.opdracht_id
            )
          returning 1
        )
        select false as kept from gone
        union all
        select true from messages m
        where m.opdracht_id = ${opdrachtId} and m.delivered_at is null
          and exists (select 1 from order_heads h where h.receiver = m.receiver and h.opdracht_id = m.opdracht_id)`,
  );
  return { deleted: open.filter((row) => !row.kept).length, inFlight: open.filter((row) => row.kept).length };
}
