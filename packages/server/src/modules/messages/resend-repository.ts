import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { messages, orderHeads } from '../../db/schema';
import { notifyNewWork } from '../../delivery/enqueue';
import type { MessageRow } from './repository';

/*
 * The writes on messages outside delivery: resending one (undelivered or delivered) and removing
 * a cancelled order's messages still to be sent. Each locks in the one order of decision 0023.
 */

/**
 * Makes an undelivered message due now. Its order's head follows when the message is the head;
 * a later message stays behind the earlier ones of its order (FIFO), so it goes when they have.
 * A head whose order was cancelled while it was being delivered stays put: its run is ending.
 *
 * Locks in the one order (decision 0023): the order's head for this receiver first, then the
 * message — as a recording takes them (it locks the head, then marks the message delivered).
 * Message first, a recording holding the head and waiting for the message would deadlock.
 */
export async function makeDueNow(
  db: Database,
  message: { id: string; receiver: string; opdrachtId: string },
): Promise<MessageRow | undefined> {
  await db.execute(
    sql`select 1 from order_heads where receiver = ${message.receiver} and opdracht_id = ${message.opdrachtId} for update`,
  );
  const [row] = await db
    .update(messages)
    .set({ nextAttempt: sql`now()` })
    .where(and(eq(messages.id, message.id), isNull(messages.deliveredAt)))
    .returning();
  if (row)
    await db
      .update(orderHeads)
      .set({ due: sql`now()` })
      .where(
        and(
          eq(orderHeads.receiver, message.receiver),
          eq(orderHeads.opdrachtId, message.opdrachtId),
          eq(orderHeads.messageId, message.id),
          eq(orderHeads.cancelled, false),
        ),
      );
  return row;
}

/**
 * Sends a delivered message again ('Opnieuw verzenden' of a delivered message, spec 000 §2): it is
 * undelivered and due now once more, with a new seq, so that it goes behind every message of its
 * order still waiting — FIFO holds, and the head moves on to it in seq order (complete.ts) — or
 * gets a new head when the order has none. Its id, so the Idempotency-Key the receiver gets
 * (deliver.ts), stays: the receiver can tell the repeat. Its failed attempts start again at 0, so
 * it is not uitval while it waits; its last error (and trace id) stays on the row. Answers the
 * updated message; nothing when it is not delivered (any more); 'cancelling' when its order was
 * cancelled while a run of it is in flight: that run's recording deletes the order's undelivered
 * messages (decision 0023), so the message is left as delivered.
 *
 * Locks in the one order (decision 0023): the order first — as an accepted message does, so no
 * message of this order is enqueued meanwhile — then its head, then the message.
 */
export async function requeueDelivered(
  db: Database,
  message: { id: string; receiver: string; opdrachtId: string },
): Promise<MessageRow | 'cancelling' | undefined> {
  await db.execute(sql`select 1 from opdrachten where opdracht_id = ${message.opdrachtId} for update`);
  const [head] = await queryRows<{ cancelled: boolean }>(
    db,
    sql`select cancelled from order_heads
        where receiver = ${message.receiver} and opdracht_id = ${message.opdrachtId} for update`,
  );
  if (head?.cancelled) return 'cancelling';
  const [row] = await db
    .update(messages)
    .set({
      deliveredAt: null,
      seq: sql`nextval(pg_get_serial_sequence('messages', 'seq'))`,
      nextAttempt: sql`now()`,
      failedAttempts: 0,
    })
    // A message whose payload retention removed (decision 0032) is not sent again: its data is gone.
    .where(and(eq(messages.id, message.id), isNotNull(messages.deliveredAt), isNull(messages.dataRemovedAt)))
    .returning();
  if (!row) return undefined;
  await db
    .insert(orderHeads)
    .values({
      receiver: row.receiver,
      opdrachtId: row.opdrachtId,
      messageId: row.id,
      versienummer: row.versienummer,
      due: sql`now()`,
    })
    .onConflictDoNothing();
  await notifyNewWork(db);
  return row;
}

/**
 * Removes every message of an order still to be sent, and the order's heads with them — except
 * those being delivered now (decision 0023): a head claimed under a lease that has not run out is
 * marked cancelled (and due never, so no claim takes it again) and keeps its messages; the
 * recording of its run keeps what was delivered as delivered and deletes the rest with the head
 * (complete.ts; release-stale.ts when the worker never records). Answers how many messages went
 * and how many stay until their run is recorded.
 *
 * Locks in the one order (decision 0023): the caller holds the order; then the order's heads, in
 * receiver order, then the messages — as a recording, so the two never deadlock.
 */
export async function deleteOpenMessages(
  db: Database,
  opdrachtId: string,
): Promise<{ deleted: number; inFlight: number }> {
  await db.execute(sql`select 1 from order_heads where opdracht_id = ${opdrachtId} order by receiver for update`);
  await db
    .update(orderHeads)
    .set({ cancelled: true, due: sql`'infinity'` })
    .where(and(eq(orderHeads.opdrachtId, opdrachtId), sql`${orderHeads.claimedUntil} >= now()`));
  await db.delete(orderHeads).where(and(eq(orderHeads.opdrachtId, opdrachtId), eq(orderHeads.cancelled, false)));
  const open = await queryRows<{ kept: boolean }>(
    db,
    sql`with gone as (
          delete from messages m
          where m.opdracht_id = ${opdrachtId} and m.delivered_at is null
            and not exists (
              select 1 from order_heads h where h.receiver = m.receiver and h.opdracht_id = m.opdracht_id
            )
          returning 1
        )
        select false as kept from gone
        union all
        select true from messages m
        where m.opdracht_id = ${opdrachtId} and m.delivered_at is null
          and exists (select 1 from order_heads h where h.receiver = m.receiver and h.opdracht_id = m.opdracht_id)`,
  );
  return { deleted: open.filter((row) => !row.kept).length, inFlight: open.filter((row) => row.kept).length };
}
