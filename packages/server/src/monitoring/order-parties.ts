import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { value } from '../db/statement';
import { eitherParty } from './statements';

/**
 * The filters the order lists share — Opdrachten and Leveringen (decision 0010): the order, its
 * opdrachtgever and opdrachtnemer, tenancy (either party), and the page. Split as the message
 * lists split theirs (messages/repository.ts filterShape, filterValues): which are set is the
 * statements' shape, their values fill the statements in (`searchList`).
 */
export interface OrderPartyQuery {
  opdrachtId?: string | undefined;
  opdrachtgever?: string | undefined;
  opdrachtnemer?: string | undefined;
  /** Tenancy: only orders this participant gives or takes, when set. */
  onlyDeelnemer?: string | undefined;
  skip: number;
  limit: number;
}

export function orderPartyShape(query: OrderPartyQuery) {
  return {
    opdrachtId: Boolean(query.opdrachtId),
    opdrachtgever: Boolean(query.opdrachtgever),
    opdrachtnemer: Boolean(query.opdrachtnemer),
    tenancy: query.onlyDeelnemer !== undefined,
  };
}

export type OrderPartyShape = ReturnType<typeof orderPartyShape>;

/** The shape's conditions on a table's order columns, with a placeholder for every value. */
export function orderPartyFilter(
  columns: { opdrachtId: PgColumn; opdrachtgever: PgColumn; opdrachtnemer: PgColumn },
  shape: OrderPartyShape,
): SQL | undefined {
  return and(
    shape.opdrachtId ? eq(columns.opdrachtId, value('opdrachtId')) : undefined,
    shape.opdrachtgever ? eq(columns.opdrachtgever, value('opdrachtgever')) : undefined,
    shape.opdrachtnemer ? eq(columns.opdrachtnemer, value('opdrachtnemer')) : undefined,
    shape.tenancy ? eitherParty(columns.opdrachtgever, columns.opdrachtnemer) : undefined,
  );
}

/** The values of one page: the filters, tenancy, and `skip` and `limit` of the page statement. */
export function orderPageValues(query: OrderPartyQuery) {
  return {
    opdrachtId: query.opdrachtId,
    opdrachtgever: query.opdrachtgever,
    opdrachtnemer: query.opdrachtnemer,
    only: query.onlyDeelnemer,
    skip: query.skip,
    limit: query.limit,
  };
}
