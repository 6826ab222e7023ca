import { and, asc, eq, sql } from 'drizzle-orm';
import type { TermijnInput } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { termijnMail, termijnen } from '../../db/schema';

export type TermijnRecord = typeof termijnen.$inferSelect;

/** A netbeheerder's deadlines, by flow, then van, then tot. */
export function listTermijnen(db: Database, netbeheerder: string): Promise<TermijnRecord[]> {
  return db
    .select()
    .from(termijnen)
    .where(eq(termijnen.netbeheerder, netbeheerder))
    .orderBy(asc(termijnen.flow), asc(termijnen.van), asc(termijnen.tot));
}

/** Every netbeheerder's deadlines: the order lists and the daily mail measure against them all. */
export function allTermijnen(db: Database): Promise<TermijnRecord[]> {
  return db.select().from(termijnen).orderBy(asc(termijnen.netbeheerder), asc(termijnen.van), asc(termijnen.tot));
}

/** The deadline, locked for the rest of the caller's transaction; only the netbeheerder's own. */
export async function lockTermijn(db: Database, netbeheerder: string, id: string) {
  const [row] = await db
    .select()
    .from(termijnen)
    .where(and(eq(termijnen.id, id), eq(termijnen.netbeheerder, netbeheerder)))
    .for('update');
  return row;
}

/** Inserts the deadline; undefined when the netbeheerder has one for this pair of types already. */
export async function insertTermijn(db: Database, netbeheerder: string, input: TermijnInput) {
  const [row] = await db
    .insert(termijnen)
    .values({ netbeheerder, ...input })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Changes the deadline: its `changed` moves on, even within one millisecond (decision 0025). */
export async function updateTermijn(db: Database, id: string, input: TermijnInput): Promise<TermijnRecord> {
  const [row] = await db
    .update(termijnen)
    .set({ ...input, changed: sql`greatest(now(), ${termijnen.changed} + interval '1 millisecond')` })
    .where(eq(termijnen.id, id))
    .returning();
  if (!row) throw new Error(`termijn ${id} vanished inside its transaction`);
  return row;
}

export async function deleteTermijn(db: Database, id: string): Promise<void> {
  await db.delete(termijnen).where(eq(termijnen.id, id));
}

/** Whether the netbeheerder sends the daily mail (no row: off). */
export async function dailyMailOf(db: Database, netbeheerder: string): Promise<boolean> {
  const [row] = await db
    .select({ dagelijks: termijnMail.dagelijks })
    .from(termijnMail)
    .where(eq(termijnMail.netbeheerder, netbeheerder));
  return row?.dagelijks ?? false;
}

export async function setDailyMail(db: Database, netbeheerder: string, dagelijks: boolean): Promise<void> {
  await db
    .insert(termijnMail)
    .values({ netbeheerder, dagelijks })
    .onConflictDoUpdate({ target: termijnMail.netbeheerder, set: { dagelijks, changed: sql`now()` } });
}
