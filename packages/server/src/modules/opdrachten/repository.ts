import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { opdrachten } from '../../db/schema';

export type OpdrachtRow = typeof opdrachten.$inferSelect;
export type NewOpdracht = typeof opdrachten.$inferInsert;

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
