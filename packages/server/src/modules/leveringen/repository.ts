import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LeveringState } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { cappedCount, flowCondition, partyCondition } from '../../db/monitoring';
import { leveringen, opdrachten } from '../../db/schema';

export type LeveringRow = typeof leveringen.$inferSelect;
export type NewLevering = typeof leveringen.$inferInsert;

export interface LeveringQuery {
  opdrachtId?: string | undefined;
  opdrachtgever?: string | undefined;
  opdrachtnemer?: string | undefined;
  /** Only leveringen of orders in error. */
  inError?: boolean | undefined;
  /** Tenancy: only leveringen of orders this participant gives or takes, when set. */
  onlyDeelnemer?: string | undefined;
  skip: number;
  limit: number;
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

/** One page of the leveringen overview and its capped count, served by the indexes of decision 0010. */
export async function searchLeveringen(db: Database, query: LeveringQuery) {
  const where = (inError: SQL | undefined) =>
    and(
      query.opdrachtId ? eq(leveringen.opdrachtId, query.opdrachtId) : undefined,
      query.opdrachtgever ? eq(leveringen.opdrachtgever, query.opdrachtgever) : undefined,
      query.opdrachtnemer ? eq(leveringen.opdrachtnemer, query.opdrachtnemer) : undefined,
      query.inError ? inError : undefined,
      partyCondition(query.onlyDeelnemer, leveringen.opdrachtgever, leveringen.opdrachtnemer),
    );
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(leveringen)
      .where(where(ofOrderInError))
      .orderBy(direction(leveringen[query.sortBy]), direction(leveringen.leveringId))
      .limit(query.limit)
      .offset(query.skip),
    cappedCount(db, leveringen, where(ofHoofdnetOrderInError)),
  ]);
  return { rows, ...counted };
}

/** A Deellevering or Eindlevering is created by its first message and updated by later ones. */
export async function upsertLevering(db: Database, levering: NewLevering): Promise<void> {
  await db
    .insert(leveringen)
    .values(levering)
    .onConflictDoUpdate({
      target: leveringen.leveringId,
      set: {
        messageType: levering.messageType,
        statusText: levering.statusText,
        beoordeling: levering.beoordeling ?? null,
        changed: sql`now()`,
      },
    });
}

/** The leveringen of several orders, by order, as the lifecycle needs them. */
export async function leveringenOfOrders(db: Database, opdrachtIds: readonly string[]) {
  const byOrder = new Map<string, LeveringState[]>();
  if (opdrachtIds.length === 0) return byOrder;
  const rows = await db
    .select({
      opdrachtId: leveringen.opdrachtId,
      leveringId: leveringen.leveringId,
      type: leveringen.type,
      beoordeling: leveringen.beoordeling,
    })
    .from(leveringen)
    .where(inArray(leveringen.opdrachtId, [...opdrachtIds]));
  for (const row of rows) {
    const list = byOrder.get(row.opdrachtId) ?? [];
    list.push({
      leveringId: row.leveringId,
      type: row.type as LeveringState['type'],
      ...(row.beoordeling && { beoordeling: row.beoordeling as NonNullable<LeveringState['beoordeling']> }),
    });
    byOrder.set(row.opdrachtId, list);
  }
  return byOrder;
}
