import { randomUUID } from 'node:crypto';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

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
 * The common table expressions that put messages in the outbox, for a statement of the caller's
 * inside its transaction (with the order changes they cause): `message` (the ids inserted),
 * `head` and `notified`, which the statement must read for them to run. Their seq follows the
 * given order. Each order's head row is upserted in the same statement and its row lock taken —
 * a no-op update when a head exists — so a concurrent completion that is about to drop the head
 * waits for this commit and then sees the new message (see complete.ts); a new message can
 * neither be orphaned nor overtake the oldest undelivered one, which the head keeps pointing at.
 * Heads are upserted in (receiver, opdracht) order, as a completion locks them. The NOTIFY
 * (notifyNewWork) rides along. A message whose (sender, idempotency key) exists already is not
 * inserted.
 */
export function outboxWrites(batch: Placeholder | string): SQL {
  return sql`input as (
          select * from jsonb_to_recordset(${batch}::jsonb)
            as m(id uuid, "opdrachtId" text, versienummer text, type text, sender text, receiver text,
                 "idempotencyKey" text, data jsonb, ord bigint)
        ),
        message as (
          insert into messages (id, opdracht_id, versienummer, type, sender, receiver, idempotency_key, data)
          select id, "opdrachtId", versienummer, type, sender, receiver, "idempotencyKey", data from input order by ord
          on conflict (sender, idempotency_key) do nothing
          returning id
        ),
        head as (
          insert into order_heads (receiver, opdracht_id, message_id, versienummer, due)
          select distinct on (i.receiver, i."opdrachtId") i.receiver, i."opdrachtId", i.id, i.versienummer, now()
          from input i join message using (id)
          order by i.receiver, i."opdrachtId", i.ord
          on conflict (receiver, opdracht_id) do update set message_id = order_heads.message_id
          returning 1
        ),
        notified as (select pg_notify(outbox_channel(), '') where exists (select 1 from message))`;
}

/** The messages for outboxWrites, as the JSON document it reads, their order kept. */
export const outboxJson = (batch: readonly (NewMessage & { id: string })[]) =>
  JSON.stringify(batch.map((m, ord) => ({ ...m, ord })));

/** Puts messages in the outbox in one statement (outboxWrites); answers the ids inserted. */
export async function enqueueMessages(
  tx: Database,
  batch: readonly (NewMessage & { id: string })[],
): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with ${outboxWrites(outboxJson(batch))}
        select id, (select count(*) from head) as heads, (select count(*) from notified) as notified from message`,
  );
  return new Set(rows.map((row) => row.id));
}

/** One message into the outbox (enqueueMessages); a known idempotency key throws DuplicateMessageError. */
export async function enqueueMessage(tx: Database, m: NewMessage): Promise<{ id: string }> {
  const id = randomUUID();
  const inserted = await enqueueMessages(tx, [{ ...m, id }]);
  if (!inserted.has(id)) throw new DuplicateMessageError(m.sender, m.idempotencyKey);
  return { id };
}

/**
 * Wakes every worker once the surrounding transaction commits (PostgreSQL and PGlite both deliver
 * a NOTIFY on commit and drop it on rollback; several in one transaction fold into one).
 */
export async function notifyNewWork(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(outbox_channel(), '')`);
}
