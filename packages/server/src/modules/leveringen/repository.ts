import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leveringen } from '../../db/schema';

export type NewLevering = typeof leveringen.$inferInsert;

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

/** The leveringen of an order, as the lifecycle needs them to judge a Hoofdnet message. */
export async function leveringenOf(db: Database, opdrachtId: string) {
  const rows = await db
    .select({ leveringId: leveringen.leveringId, type: leveringen.type, beoordeling: leveringen.beoordeling })
    .from(leveringen)
    .where(eq(leveringen.opdrachtId, opdrachtId));
  return rows.map((row) => ({
    leveringId: row.leveringId,
    type: row.type as 'Deellevering' | 'Eindlevering',
    ...(row.beoordeling && { beoordeling: row.beoordeling as 'Goedgekeurd' | 'Afgekeurd' }),
  }));
}
