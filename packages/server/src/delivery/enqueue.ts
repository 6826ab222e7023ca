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
 * Puts a message in the outbox, inside the caller's transaction (with the order change it causes),
 * in one statement. The order's head row is upserted in the same statement and its row lock taken —
 * a no-op update when a head exists — so a concurrent completion that is about to drop the head
 * waits for this commit and then sees the new message (see complete.ts); a new message can neither
 * be orphaned nor overtake the oldest undelivered one, which the head keeps pointing at. The
 * NOTIFY (notifyNewWork) rides along.
 */
export async function enqueueMessage(tx: Database, m: NewMessage): Promise<{ id: string }> {
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`with message as (
          insert into messages (opdracht_id, versienummer, type, sender, receiver, idempotency_key, data)
          values (${m.opdrachtId}, ${m.versienummer}, ${m.type}, ${m.sender}, ${m.receiver}, ${m.idempotencyKey},
                  ${JSON.stringify(m.data)}::jsonb)
          on conflict (sender, idempotency_key) do nothing
          returning id
        ),
        head as (
          insert into order_heads (receiver, opdracht_id, message_id, due)
          select ${m.receiver}, ${m.opdrachtId}, id, now() from message
          on conflict (receiver, opdracht_id) do update set message_id = order_heads.message_id
          returning 1
        ),
        notified as (select pg_notify(${OUTBOX_CHANNEL}, '') from message)
        select id, (select count(*) from head) as heads, (select count(*) from notified) as notified from message`,
  );
  if (!inserted) throw new DuplicateMessageError(m.sender, m.idempotencyKey);
  return { id: inserted.id };
}

/**
 * Wakes every worker once the surrounding transaction commits (PostgreSQL and PGlite both deliver
 * a NOTIFY on commit and drop it on rollback; several in one transaction fold into one).
 */
export async function notifyNewWork(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
