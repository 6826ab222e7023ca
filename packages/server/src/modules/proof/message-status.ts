import { sql } from 'drizzle-orm';
import type { BerichtStatus } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { NamedStatement, value } from '../../db/statement';
import { receiptView } from '../../receipts/claims';

interface StatusRow {
  id: string;
  opdracht_id: string;
  type: string;
  versienummer: string;
  sender: string;
  receiver: string;
  created: Date | string;
  delivered_at: Date | string | null;
  failed_attempts: number;
  last_attempt: Date | string | null;
  next_attempt: Date | string;
  err: { msg: string } | null;
  receipt: string | null;
  receipt_batch: string | null;
  waiting_for: string | null;
  paused: boolean;
}

const iso = (at: Date | string) => new Date(at).toISOString();
const isoOrNull = (at: Date | string | null) => (at === null ? null : iso(at));

/**
 * One message as a party of its order sees it: found only when `deelnemer` is its sender or
 * receiver or a party of its order (a delegated grid operator sends for the opdrachtgever) —
 * otherwise exactly as an id that does not exist (decision 0015). One statement, by primary key;
 * the earlier undelivered message of the same order it may wait behind through messages_order_idx.
 */
const statusStatement = new NamedStatement(
  sql`select m.id, m.opdracht_id, m.type, m.versienummer, m.sender, m.receiver, m.created, m.delivered_at,
             m.failed_attempts, m.last_attempt, m.next_attempt, m.err, m.receipt, rb.jws as receipt_batch,
             case when m.delivered_at is null then (
               select e.id from messages e
               where e.receiver = m.receiver and e.opdracht_id = m.opdracht_id and e.seq < m.seq
                 and e.delivered_at is null
               order by e.seq limit 1
             ) end as waiting_for,
             coalesce(not s.running or s.max_messages = 0, false) as paused
      from messages m
      left join opdrachten o on o.opdracht_id = m.opdracht_id
      left join senders s on s.deelnemer = m.receiver and s.versienummer = m.versienummer
      left join receipt_batches rb on rb.id = split_part(m.receipt, '.', 1)::uuid
      where m.id = ${value('id')}::uuid
        and ${value('deelnemer')}::text in (m.sender, m.receiver, o.opdrachtgever, o.opdrachtnemer)`,
  (rows: StatusRow[]) => rows[0],
  { name: 'proof_message_status' },
);

export async function messageStatus(db: Database, id: string, deelnemer: string): Promise<BerichtStatus | undefined> {
  const row = await statusStatement.run(db, { id, deelnemer });
  if (!row) return undefined;
  const delivered = row.delivered_at !== null;
  const paused = !delivered && row.paused;
  const status = delivered
    ? 'delivered'
    : row.failed_attempts > 0
      ? 'failing'
      : row.waiting_for !== null || paused
        ? 'waiting'
        : 'accepted';
  return {
    id: row.id,
    opdrachtId: row.opdracht_id,
    type: row.type,
    versienummer: row.versienummer,
    sender: row.sender,
    receiver: row.receiver,
    acceptedAt: iso(row.created),
    status,
    deliveredAt: isoOrNull(row.delivered_at),
    attempts: row.failed_attempts,
    lastAttempt: isoOrNull(row.last_attempt),
    nextAttempt: delivered ? null : iso(row.next_attempt),
    lastError: delivered ? null : (row.err?.msg ?? null),
    waitingFor: row.waiting_for,
    paused,
    receipt: receiptView(row.receipt, row.receipt_batch, {
      id: row.id,
      opdrachtId: row.opdracht_id,
      type: row.type,
      versienummer: row.versienummer,
      sender: row.sender,
      receiver: row.receiver,
      deliveredAt: isoOrNull(row.delivered_at),
    }),
  };
}
