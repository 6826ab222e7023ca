import { and, asc, desc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Flow, MessageView } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import { failedCondition, flowCondition, shownNextAttempt, uitvalCondition } from '../../db/monitoring';
import { messages } from '../../db/schema';
import { uuidArray } from '../../delivery/claim';
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
  deliveredAt: messages.deliveredAt,
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
    deliveredAt,
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
    deliveredAt: isoTimestampOrNull(deliveredAt),
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
 * The next attempt the lists show for a message that heads its order: its head's due time. They
 * differ only after 'Alles opnieuw versturen', which makes a failed head due by its head alone
 * (bulk-retry.ts runBatch) until the attempt writes the message. Only messages whose stored next
 * attempt is still to come can differ (a head is never due later than its message), so a page
 * without them costs no query; otherwise one read of their heads by primary key.
 */
export async function withHeadsDue(db: Database, views: MessageView[]): Promise<MessageView[]> {
  // A minute's slack for the clocks of this process and the database.
  const after = Date.now() - 60_000;
  const waiting = views.filter((view) => view.nextAttempt !== null && Date.parse(view.nextAttempt) > after);
  if (waiting.length === 0) return views;
  const rows = await headsDueStatement.run(db, {
    ids: uuidArray(waiting.map((view) => view._id)),
    orders: JSON.stringify(waiting.map(({ receiver, opdrachtId }) => ({ receiver, opdrachtId }))),
  });
  return views.map((view) => {
    const due = rows.get(view._id);
    return due === undefined ? view : { ...view, nextAttempt: due };
  });
}

const headsDueStatement = new Statement(
  sql`select h.message_id, h.due
      from order_heads h
      join jsonb_to_recordset(${value('orders')}::jsonb) as k(receiver text, "opdrachtId" text)
        on h.receiver = k.receiver and h.opdracht_id = k."opdrachtId"
      where h.message_id = any(${value('ids')}::uuid[]) and not h.cancelled`,
  (rows) => new Map(rows.map(([id, due]) => [id as string, isoTimestamp(due as string)])),
  { name: 'messages_heads_due' },
);

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

/** A message as found by its (sender, idempotency key); `data` null once retention removed it. */
export type MessageByKey = {
  id: string;
  sender: string;
  idempotencyKey: string;
  type: string;
  versienummer: string;
  opdrachtId: string;
  data: unknown;
};

/** The messages stored under these (sender, idempotency key) pairs. */
export async function findMessagesByKey(
  db: Database,
  keys: readonly { sender: string; idempotencyKey: string }[],
): Promise<MessageByKey[]> {
  if (keys.length === 0) return [];
  const pairs = keys.map(({ sender, idempotencyKey }) => ({ sender, idempotencyKey }));
  return queryRows<MessageByKey>(
    db,
    sql`select m.id, m.sender, m.idempotency_key as "idempotencyKey", m.type, m.versienummer,
               m.opdracht_id as "opdrachtId", case when m.data_removed_at is null then m.data end as data
        from messages m
        join jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as k(sender text, "idempotencyKey" text)
          on m.sender = k.sender and m.idempotency_key = k."idempotencyKey"`,
  );
}

export async function findMessage(db: Database, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}
