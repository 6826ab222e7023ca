import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { OPDRACHT_FINISHED_THRESHOLD, type Flow, type OpdrachtStatusFilter } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { cappedCount, flowCondition, openCondition, partyCondition } from '../../db/monitoring';
import { opdrachten } from '../../db/schema';

export type OpdrachtRow = typeof opdrachten.$inferSelect;
export type NewOpdracht = typeof opdrachten.$inferInsert;

export interface OpdrachtQuery {
  flow: Flow;
  opdrachtId?: string | undefined;
  opdrachtgever?: string | undefined;
  opdrachtnemer?: string | undefined;
  status: OpdrachtStatusFilter;
  /** Tenancy: only orders this participant gives or takes, when set. */
  onlyDeelnemer?: string | undefined;
  skip: number;
  limit: number;
  sortBy: 'changed' | 'created' | 'opdrachtId';
  sortDirection: 'asc' | 'desc';
}

const STATUS_CONDITIONS: Record<OpdrachtStatusFilter, SQL | undefined> = {
  Open: openCondition(opdrachten),
  Afgerond: sql`${opdrachten.status} >= ${OPDRACHT_FINISHED_THRESHOLD} and not ${opdrachten.inError}`,
  Error: sql`${opdrachten.inError}`,
  Alle: undefined,
};

const sortColumns = { changed: opdrachten.changed, created: opdrachten.created, opdrachtId: opdrachten.opdrachtId };

/** One page of an order overview and its capped count, served by the indexes of decision 0010. */
export async function searchOpdrachten(db: Database, query: OpdrachtQuery) {
  const where = and(
    flowCondition(opdrachten.versienummer, query.flow),
    STATUS_CONDITIONS[query.status],
    query.opdrachtId ? eq(opdrachten.opdrachtId, query.opdrachtId) : undefined,
    query.opdrachtgever ? eq(opdrachten.opdrachtgever, query.opdrachtgever) : undefined,
    query.opdrachtnemer ? eq(opdrachten.opdrachtnemer, query.opdrachtnemer) : undefined,
    partyCondition(query.onlyDeelnemer, opdrachten.opdrachtgever, opdrachten.opdrachtnemer),
  );
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const tieBreak = query.sortBy === 'opdrachtId' ? [] : [direction(opdrachten.opdrachtId)];
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(opdrachten)
      .where(where)
      .orderBy(direction(sortColumns[query.sortBy]), ...tieBreak)
      .limit(query.limit)
      .offset(query.skip),
    cappedCount(db, opdrachten, where),
  ]);
  return { rows, ...counted };
}

/** The order, locked for the rest of the caller's transaction: its status changes one at a time. */
export async function lockOpdracht(db: Database, opdrachtId: string): Promise<OpdrachtRow | undefined> {
  const [row] = await db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, opdrachtId)).for('update');
  return row;
}

export async function insertOpdracht(db: Database, row: NewOpdracht): Promise<OpdrachtRow | undefined> {
  const [created] = await db.insert(opdrachten).values(row).onConflictDoNothing().returning();
  return created;
}

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
