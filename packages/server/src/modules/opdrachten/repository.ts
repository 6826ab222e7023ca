import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Flow, OpdrachtStatusFilter } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { cappedCount, finishedCondition, flowCondition, openCondition, partyCondition } from '../../db/monitoring';
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
  Afgerond: finishedCondition(opdrachten),
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

/** The orders that exist of these ids, locked in opdrachtId order (the lock order of decision 0009). */
export async function lockOpdrachten(db: Database, opdrachtIds: readonly string[]): Promise<OpdrachtRow[]> {
  if (opdrachtIds.length === 0) return [];
  return db
    .select()
    .from(opdrachten)
    .where(inArray(opdrachten.opdrachtId, [...opdrachtIds]))
    .orderBy(asc(opdrachten.opdrachtId))
    .for('update');
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

/** Status changes of several orders in one statement (plan status as given, null keeps it). */
export async function updateOpdrachten(db: Database, changes: readonly OpdrachtChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(
    sql`update opdrachten o
        set status = c.status, status_text = c."statusText",
            plan_status_text = coalesce(c."planStatusText", o.plan_status_text), changed = now()
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
          as c("opdrachtId" text, status integer, "statusText" text, "planStatusText" text)
        where o.opdracht_id = c."opdrachtId"`,
  );
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
