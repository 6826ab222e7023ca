import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Flow, OpdrachtStatusFilter, OpdrachtView } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { finishedCondition, flowCondition, openCondition } from '../../db/monitoring';
import { lateOrders, opdrachten } from '../../db/schema';
import {
  orderPageValues,
  orderPartyFilter,
  orderPartyShape,
  type OrderPartyQuery,
  type OrderPartyShape,
} from '../../monitoring/order-parties';
import {
  cappedCountStatement,
  isoTimestamp,
  perShape,
  searchList,
  statementBuilder,
  type ListStatements,
} from '../../monitoring/statements';
import { Statement, value } from '../../db/statement';
import { lateOrderFilter, listedLate } from '../../termijnen/deadlines';

export type OpdrachtRow = typeof opdrachten.$inferSelect;
export type NewOpdracht = typeof opdrachten.$inferInsert;

export interface OpdrachtQuery extends OrderPartyQuery {
  flow: Flow;
  status: OpdrachtStatusFilter;
  sortBy: 'changed' | 'created' | 'opdrachtId';
  sortDirection: 'asc' | 'desc';
  /** Only orders past a deadline. */
  termijnVerlopen: boolean;
  /** The deadlines measured against (`deadlinesParameter`). */
  termijnen: string;
}

const STATUS_CONDITIONS: Record<OpdrachtStatusFilter, SQL | undefined> = {
  Open: openCondition(opdrachten),
  Afgerond: finishedCondition(opdrachten),
  Error: sql`${opdrachten.inError}`,
  Alle: undefined,
};

const sortColumns = { changed: opdrachten.changed, created: opdrachten.created, opdrachtId: opdrachten.opdrachtId };

/** What a page selects, in `toView`'s order. */
const pageColumns = {
  opdrachtId: opdrachten.opdrachtId,
  versienummer: opdrachten.versienummer,
  opdrachtgever: opdrachten.opdrachtgever,
  opdrachtnemer: opdrachten.opdrachtnemer,
  status: opdrachten.status,
  statusText: opdrachten.statusText,
  inError: opdrachten.inError,
  created: opdrachten.created,
  changed: opdrachten.changed,
  type: opdrachten.type,
  planStatusText: opdrachten.planStatusText,
  termijnVerlopen: listedLate(opdrachten),
};

/** A row of `pageColumns` as the portal sees it (as `toOpdrachtView` in service.ts does from a whole row). */
function toView(row: unknown[]): OpdrachtView {
  const [
    opdrachtId,
    versienummer,
    opdrachtgever,
    opdrachtnemer,
    status,
    statusText,
    inError,
    created,
    changed,
    type,
    planStatusText,
    termijnVerlopen,
  ] = row as [
    string,
    string,
    string,
    string,
    number,
    string,
    boolean,
    string,
    string,
    string | null,
    string | null,
    boolean,
  ];
  return {
    opdrachtId,
    versienummer,
    opdrachtgever,
    opdrachtnemer,
    status: inError ? 'error' : status,
    statusText,
    created: isoTimestamp(created),
    changed: isoTimestamp(changed),
    ...(type !== null && { type }),
    ...(planStatusText !== null && { planStatusText }),
    ...(termijnVerlopen && { termijnVerlopen: true as const }),
  };
}

/** Which filters a search sets, its sort and whether tenancy applies: everything but the values. */
interface OpdrachtShape extends OrderPartyShape {
  flow: Flow;
  status: OpdrachtStatusFilter;
  sortBy: OpdrachtQuery['sortBy'];
  sortDirection: OpdrachtQuery['sortDirection'];
  termijnVerlopen: boolean;
}

/** The statements of one shape, served by the indexes of decision 0010. */
const statementsOf = perShape((shape: OpdrachtShape): ListStatements<OpdrachtView> => {
  const filters = [
    flowCondition(opdrachten.versienummer, shape.flow),
    STATUS_CONDITIONS[shape.status],
    orderPartyFilter(opdrachten, shape),
  ];
  // The deadline filter: the late orders of the last refresh (decision 0063), narrowed there by
  // flow, parties and tenancy on their own columns.
  const where = and(
    ...filters,
    shape.termijnVerlopen
      ? lateOrderFilter(
          opdrachten,
          and(flowCondition(lateOrders.versienummer, shape.flow), orderPartyFilter(lateOrders, shape)),
        )
      : undefined,
  );
  const direction = shape.sortDirection === 'desc' ? desc : asc;
  const tieBreak = shape.sortBy === 'opdrachtId' ? [] : [direction(opdrachten.opdrachtId)];
  const page = statementBuilder
    .select(pageColumns)
    .from(opdrachten)
    .where(where)
    .orderBy(direction(sortColumns[shape.sortBy]), ...tieBreak)
    .limit(value('limit'))
    .offset(value('skip'));
  return {
    page: new Statement(page, (rows) => rows.map(toView)),
    counts: [cappedCountStatement(opdrachten, where)],
  };
});

/** One page of an order overview, as the portal sees it, and its capped count. */
export function searchOpdrachten(db: Database, query: OpdrachtQuery) {
  const shape: OpdrachtShape = {
    ...orderPartyShape(query),
    flow: query.flow,
    status: query.status,
    sortBy: query.sortBy,
    sortDirection: query.sortDirection,
    termijnVerlopen: query.termijnVerlopen,
  };
  return searchList(db, statementsOf(shape), { ...orderPageValues(query), termijnen: query.termijnen });
}

/** The order, locked for the rest of the caller's transaction: its status changes one at a time. */
export async function lockOpdracht(db: Database, opdrachtId: string): Promise<OpdrachtRow | undefined> {
  const [row] = await db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, opdrachtId)).for('update');
  return row;
}

/** New orders; answers the ids that were inserted (one that exists already is left alone). */
export async function insertOpdrachten(db: Database, rows: readonly NewOpdracht[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const created = await db
    .insert(opdrachten)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ opdrachtId: opdrachten.opdrachtId });
  return created.map((row) => row.opdrachtId);
}

export type OpdrachtChange = Pick<OpdrachtRow, 'opdrachtId' | 'status' | 'statusText' | 'planStatusText'>;

export async function updateOpdracht(
  db: Database,
  opdrachtId: string,
  changes: Partial<Pick<OpdrachtRow, 'status' | 'statusText' | 'inError' | 'planStatusText'>>,
): Promise<OpdrachtRow> {
  const [row] = await db
    .update(opdrachten)
    .set({ ...changes, changed: sql`now()` })
    .where(eq(opdrachten.opdrachtId, opdrachtId))
    .returning();
  if (!row) throw new Error(`opdracht ${opdrachtId} vanished inside its transaction`);
  return row;
}
