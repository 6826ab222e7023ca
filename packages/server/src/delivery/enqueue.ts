import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { OUTBOX_CHANNEL } from './wakeup';

export interface NewMessage {
  opdrachtId: string;
  versienummer: string;
  type: string;
  sender: string;
  receiver: string;
  idempotencyKey: string;
  data: Record<string, unknown>;
}

/** The sender submitted a message with this idempotency key before: the caller rolls back. */
export class DuplicateMessageError extends Error {
  constructor(
    readonly sender: string,
    readonly idempotencyKey: string,
  ) {
    super('A message with this idempotency key exists');
    this.name = 'DuplicateMessageError';
  }
}

/**
 * Puts a message in the outbox, inside the caller's transaction (with the order change it causes).
 * The order's head row is upserted in the same transaction and its row lock taken — a no-op update
 * when a head exists — so a concurrent completion that is about to drop the head waits for this
 * commit and then sees the new message (see complete.ts); a new message can neither be orphaned
 * nor overtake the oldest undelivered one, which the head keeps pointing at.
 */
export async function enqueueMessage(tx: Database, m: NewMessage): Promise<{ id: string }> {
  const [inserted] = await queryRows<{ id: string; next_attempt: Date }>(
    tx,
    sql`insert into messages (opdracht_id, versienummer, type, sender, receiver, idempotency_key, data)
        values (${m.opdrachtId}, ${m.versienummer}, ${m.type}, ${m.sender}, ${m.receiver}, ${m.idempotencyKey},
                ${JSON.stringify(m.data)}::jsonb)
        on conflict (sender, idempotency_key) do nothing
        returning id, next_attempt`,
  );
  if (!inserted) throw new DuplicateMessageError(m.sender, m.idempotencyKey);
  await tx.execute(
    sql`insert into order_heads (receiver, opdracht_id, message_id, due)
        values (${m.receiver}, ${m.opdrachtId}, ${inserted.id}, now())
        on conflict (receiver, opdracht_id) do update set message_id = order_heads.message_id`,
  );
  await notifyNewWork(tx);
  return { id: inserted.id };
}

/**
 * Wakes every worker once the surrounding transaction commits (PostgreSQL and PGlite both deliver
 * a NOTIFY on commit and drop it on rollback; several in one transaction fold into one).
 */
export async function notifyNewWork(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
