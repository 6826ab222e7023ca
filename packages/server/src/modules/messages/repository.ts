import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages, orderHeads } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;

export async function findMessage(db: Database, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/**
 * Makes an undelivered message due now. Its order's head follows when the message is the head;
 * a later message stays behind the earlier ones of its order (FIFO), so it goes when they have.
 */
export async function makeDueNow(db: Database, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ nextAttempt: sql`now()` })
    .where(and(eq(messages.id, id), isNull(messages.deliveredAt)))
    .returning();
  if (row)
    await db
      .update(orderHeads)
      .set({ due: sql`now()` })
      .where(eq(orderHeads.messageId, id));
  return row;
}

/** Removes every message of an order still to be sent, and the order's heads with them. */
export async function deleteOpenMessages(db: Database, opdrachtId: string): Promise<number> {
  await db.delete(orderHeads).where(eq(orderHeads.opdrachtId, opdrachtId));
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.opdrachtId, opdrachtId), isNull(messages.deliveredAt)))
    .returning({ id: messages.id });
  return deleted.length;
}
