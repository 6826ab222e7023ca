import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { NamedStatement, value } from '../../db/statement';

/** A message of the order as the statement hands it over (its times as PostgreSQL's JSON text). */
export interface HistoryMessageRow {
  id: string;
  type: string;
  versienummer: string;
  sender: string;
  receiver: string;
  created: string;
  deliveredAt: string | null;
  failedAttempts: number;
  lastAttempt: string | null;
  nextAttempt: string | null;
  err: { msg: string; traceId: string } | null;
  data: Record<string, unknown>;
  dataRemovedAt: string | null;
  dataRemovedAfterDays: number | null;
  receipt: string | null;
  receiptBatch: string | null;
}

export interface HistoryLeveringRow {
  leveringId: string;
  type: string;
  messageType: string;
  statusText: string;
  created: string;
  changed: string;
}

/** An audit entry about the order or one of its messages (cancel, retry, resend). */
export interface HistoryAuditRow {
  id: number;
  at: string;
  actor: string;
  actorDeelnemer: string | null;
  actingFor: string | null;
  action: string;
  subjectId: string;
  deletedMessages: number | null;
  messagesInFlight: number | null;
}

/** A bulk resend that may have covered a message of the order: its filters decide (history.ts). */
export interface HistoryBulkRow {
  id: number;
  at: string;
  actor: string;
  actorDeelnemer: string | null;
  actingFor: string | null;
  filters: Record<string, unknown> | null;
  onlyDeelnemer: string | null;
}

export interface HistoryRow {
  opdracht_id: string;
  versienummer: string;
  opdrachtgever: string;
  opdrachtnemer: string;
  status: number;
  status_text: string;
  in_error: boolean;
  type: string | null;
  plan_status_text: string | null;
  created: string;
  changed: string;
  berichten: HistoryMessageRow[];
  leveringen: HistoryLeveringRow[];
  acties: HistoryAuditRow[];
  bulk: HistoryBulkRow[];
}

/**
 * The whole history in one statement, each part through its index: the order by its key (with
 * tenancy: either party, decision 0010), its messages by messages_opdracht_idx and their heads by
 * the heads' key, its leveringen by leveringen_opdracht_idx, the audit entries of the order and of
 * each of its messages by audit_subject_id_idx (`subject_id = any(…)`), and the bulk resends since
 * the order was created by audit_action_idx. No order (or not the caller's): no row, and nothing
 * else is read. A message's next attempt is its head's due where 'Alles opnieuw versturen' made the
 * head due before it (as `withHeadsDue` shows it in the lists).
 */
const historyStatement = new NamedStatement(
  sql`with o as (
        select opdracht_id, versienummer, opdrachtgever, opdrachtnemer, status, status_text, in_error, type,
               plan_status_text, created, changed
        from opdrachten
        where opdracht_id = ${value('opdrachtId')}
          and (${value('only')}::text is null or opdrachtgever = ${value('only')} or opdrachtnemer = ${value('only')})
      ), m as (
        select m.id, m.seq, m.type, m.versienummer, m.sender, m.receiver, m.created, m.delivered_at, m.failed_attempts,
               m.last_attempt,
               case when m.delivered_at is null then
                 case when h.message_id is not null and m.next_attempt > now() - interval '1 minute' then h.due
                      else m.next_attempt end
               end as next_attempt,
               m.err, m.data, m.data_removed_at, m.data_removed_after_days, m.receipt, rb.jws as receipt_batch
        from o
        join messages m on m.opdracht_id = o.opdracht_id
        left join receipt_batches rb on rb.id = split_part(m.receipt, '.', 1)::uuid
        left join order_heads h
          on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id and h.message_id = m.id and not h.cancelled
      )
      select o.*,
        (select coalesce(json_agg(json_build_object(
            'id', m.id, 'type', m.type, 'versienummer', m.versienummer, 'sender', m.sender, 'receiver', m.receiver,
            'created', m.created, 'deliveredAt', m.delivered_at, 'failedAttempts', m.failed_attempts,
            'lastAttempt', m.last_attempt, 'nextAttempt', m.next_attempt, 'err', m.err, 'data', m.data,
            'dataRemovedAt', m.data_removed_at, 'dataRemovedAfterDays', m.data_removed_after_days,
            'receipt', m.receipt, 'receiptBatch', m.receipt_batch) order by m.seq),
          '[]'::json) from m) as berichten,
        (select coalesce(json_agg(json_build_object(
            'leveringId', l.levering_id, 'type', l.type, 'messageType', l.message_type, 'statusText', l.status_text,
            'created', l.created, 'changed', l.changed) order by l.created, l.levering_id), '[]'::json)
          from leveringen l where l.opdracht_id = o.opdracht_id) as leveringen,
        (select coalesce(json_agg(json_build_object(
            'id', a.id, 'at', a.at, 'actor', a.actor, 'actorDeelnemer', a.actor_deelnemer, 'actingFor', a.acting_for,
            'action', a.action, 'subjectId', a.subject_id, 'deletedMessages', a.after->'deletedMessages',
            'messagesInFlight', a.after->'messagesInFlight') order by a.at, a.id), '[]'::json)
          from audit_log a
          where a.subject_id = any(array[o.opdracht_id] || array(select m.id::text from m))
            and ((a.subject_type = ${value('opdrachtSubject')} and a.action = 'opdracht.cancel')
              or (a.subject_type = ${value('messageSubject')} and a.action in ('message.retry', 'message.resend')))
        ) as acties,
        (select coalesce(json_agg(json_build_object(
            'id', a.id, 'at', a.at, 'actor', a.actor, 'actorDeelnemer', a.actor_deelnemer, 'actingFor', a.acting_for,
            'filters', a.after->'filters', 'onlyDeelnemer', a.after->>'onlyDeelnemer') order by a.at, a.id), '[]'::json)
          from audit_log a
          where a.action = 'message.bulk-retry' and a.at >= o.created and a.subject_type = ${value('bulkSubject')}
            and coalesce(nullif(a.after->'filters'->>'opdrachtId', ''), o.opdracht_id) = o.opdracht_id
            and coalesce(a.after->>'onlyDeelnemer', o.opdrachtgever) in (o.opdrachtgever, o.opdrachtnemer)
        ) as bulk
      from o`,
  (rows: HistoryRow[]) => rows[0],
  // Every part is a lookup by key or a short index range whose plan the values do not change.
  { name: 'opdracht_history' },
);

export interface HistoryQuery {
  opdrachtId: string;
  /** Tenancy: only an order this participant gives or takes, when set. */
  onlyDeelnemer: string | undefined;
  /** The audit log's subject types of this environment ('opdracht', or 'opdracht (test)', …). */
  subjects: { opdracht: string; message: string; bulk: string };
}

/** The order's row with its messages, leveringen and audited actions; undefined when not found or not the caller's. */
export function findHistory(db: Database, query: HistoryQuery): Promise<HistoryRow | undefined> {
  return historyStatement.run(db, {
    opdrachtId: query.opdrachtId,
    only: query.onlyDeelnemer ?? null,
    opdrachtSubject: query.subjects.opdracht,
    messageSubject: query.subjects.message,
    bulkSubject: query.subjects.bulk,
  });
}
