import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { LeveringView } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { flowCondition } from '../../db/monitoring';
import { leveringen, opdrachten } from '../../db/schema';
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

export type NewLevering = typeof leveringen.$inferInsert;

/** Tenancy (`onlyDeelnemer`): only leveringen of orders the participant gives or takes. */
export interface LeveringQuery extends OrderPartyQuery {
  /** Only leveringen of orders in error. */
  inError?: boolean | undefined;
  sortBy: 'changed' | 'created';
  sortDirection: 'asc' | 'desc';
}

/**
 * Error-only (docs/decisions/0010): the leveringen of orders in error, said two ways. The page
 * walks its sort index and looks each levering's order up by key until the page is full; the
 * count must find them all, and does so from the few Hoofdnet orders in error (their own index,
 * opdrachten_error_hoofdnet_idx) by the leveringen's opdracht index. Leveringen belong to Hoofdnet
 * orders only (Deellevering and Eindlevering are Hoofdnet messages), so both select the same rows.
 */
const ofOrderInError = sql`exists (select 1 from ${opdrachten}
  where ${opdrachten.opdrachtId} = ${leveringen.opdrachtId} and ${opdrachten.inError})`;
const ofHoofdnetOrderInError = sql`${leveringen.opdrachtId} = any(array(select ${opdrachten.opdrachtId} from ${opdrachten}
  where ${flowCondition(opdrachten.versienummer, 'hoofdnet')} and ${opdrachten.inError}))`;

/** What a page selects, in `toView`'s order. */
const pageColumns = {
  opdrachtId: leveringen.opdrachtId,
  leveringId: leveringen.leveringId,
  opdrachtgever: leveringen.opdrachtgever,
  opdrachtnemer: leveringen.opdrachtnemer,
  messageType: leveringen.messageType,
  type: leveringen.type,
  statusText: leveringen.statusText,
  created: leveringen.created,
  changed: leveringen.changed,
};

/** A row of `pageColumns` as the portal sees it. */
function toView(row: unknown[]): LeveringView {
  const [opdrachtId, leveringId, opdrachtgever, opdrachtnemer, messageType, type, statusText, created, changed] =
    row as string[] as [string, string, string, string, string, string, string, string, string];
  return {
    opdrachtId,
    leveringId,
    opdrachtgever,
    opdrachtnemer,
    messageType,
    type,
    statusText,
    created: isoTimestamp(created),
    changed: isoTimestamp(changed),
  };
}

/** Which filters a search sets, its sort and whether tenancy applies: everything but the values. */
interface LeveringShape extends OrderPartyShape {
  inError: boolean;
  sortBy: LeveringQuery['sortBy'];
  sortDirection: LeveringQuery['sortDirection'];
}

/** The statements of one shape, served by the indexes of decision 0010. */
const statementsOf = perShape((shape: LeveringShape): ListStatements<LeveringView> => {
  const where = (inError: SQL) => and(orderPartyFilter(leveringen, shape), shape.inError ? inError : undefined);
  const direction = shape.sortDirection === 'desc' ? desc : asc;
  const page = statementBuilder
    .select(pageColumns)
    .from(leveringen)
    .where(where(ofOrderInError))
    .orderBy(direction(leveringen[shape.sortBy]), direction(leveringen.leveringId))
    .limit(value('limit'))
    .offset(value('skip'));
  return {
    page: new Statement(page, (rows) => rows.map(toView)),
    counts: [cappedCountStatement(leveringen, where(ofHoofdnetOrderInError))],
  };
});

/** One page of the leveringen overview, as the portal sees it, and its capped count. */
export function searchLeveringen(db: Database, query: LeveringQuery) {
  const shape: LeveringShape = {
    ...orderPartyShape(query),
    inError: Boolean(query.inError),
    sortBy: query.sortBy,
    sortDirection: query.sortDirection,
  };
  return searchList(db, statementsOf(shape), orderPageValues(query));
}
