import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ValueNode } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { waardenlijsten } from '../../db/schema';

export type WaardenlijstRecord = typeof waardenlijsten.$inferSelect;
export type NewWaardenlijst = typeof waardenlijsten.$inferInsert;

export interface WaardenlijstListQuery {
  netbeheerder?: string | undefined;
  discipline?: string | undefined;
  skip: number;
  limit: number;
  sortBy: 'netbeheerder' | 'discipline' | 'berichtVersie' | 'omschrijving';
  sortDirection: 'asc' | 'desc';
}

const rowColumns = {
  id: waardenlijsten.id,
  netbeheerder: waardenlijsten.netbeheerder,
  omschrijving: waardenlijsten.omschrijving,
  discipline: waardenlijsten.discipline,
  berichtVersie: waardenlijsten.berichtVersie,
  created: waardenlijsten.created,
  changed: waardenlijsten.changed,
};

/** The overview's page, without the trees, and the number of lists matching the filters. */
export async function listWaardenlijsten(db: Database, query: WaardenlijstListQuery) {
  const conditions: SQL[] = [];
  if (query.netbeheerder) conditions.push(eq(waardenlijsten.netbeheerder, query.netbeheerder));
  if (query.discipline) conditions.push(eq(waardenlijsten.discipline, query.discipline));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortDirection === 'desc' ? desc : asc;
  // The unique key, then the id, after the chosen column: pages never overlap.
  const tieBreak = [
    asc(waardenlijsten.netbeheerder),
    asc(waardenlijsten.berichtVersie),
    asc(waardenlijsten.discipline),
    asc(waardenlijsten.id),
  ];
  const [items, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(waardenlijsten)
      .where(where)
      .orderBy(direction(rowColumns[query.sortBy]), ...tieBreak)
      .offset(query.skip)
      .limit(query.limit),
    db.select({ count: count() }).from(waardenlijsten).where(where),
  ]);
  return { items, count: total?.count ?? 0 };
}

export async function findWaardenlijst(db: Database, id: string): Promise<WaardenlijstRecord | undefined> {
  // An id from the path is not necessarily a uuid; PostgreSQL would reject the cast.
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(waardenlijsten).where(eq(waardenlijsten.id, id));
  return row;
}

/** The list, locked for the rest of the transaction (read-modify-write of its trees). */
export async function lockWaardenlijst(db: Database, id: string): Promise<WaardenlijstRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(waardenlijsten).where(eq(waardenlijsten.id, id)).for('update');
  return row;
}

/** Inserts the list, or answers undefined when the netbeheerder has one for this berichtVersie and discipline. */
export async function insertWaardenlijst(db: Database, row: NewWaardenlijst): Promise<WaardenlijstRecord | undefined> {
  const [created] = await db.insert(waardenlijsten).values(row).onConflictDoNothing().returning();
  return created;
}

export async function updateTrees(
  db: Database,
  id: string,
  trees: { tgWaardenlijsten: ValueNode[]; agaWaardenlijsten: ValueNode[] },
): Promise<WaardenlijstRecord> {
  const [updated] = await db
    .update(waardenlijsten)
    .set({ ...trees, changed: sql`now()` })
    .where(eq(waardenlijsten.id, id))
    .returning();
  if (!updated) throw new Error(`waardenlijst ${id} vanished inside its transaction`);
  return updated;
}

export async function deleteWaardenlijst(db: Database, id: string): Promise<void> {
  await db.delete(waardenlijsten).where(eq(waardenlijsten.id, id));
}
