import { sql } from 'drizzle-orm';
import type { LeveringState } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { Statement, value } from '../../db/statement';
import { outboxJson, outboxWrites, type NewMessage } from '../../delivery/enqueue';
import type { NewLevering } from '../leveringen/repository';
import type { NewOpdracht, OpdrachtChange, OpdrachtRow } from '../opdrachten/repository';
import type { StoredUnderKey } from './idempotency';

/** An order as the lifecycle judges a message against it. */
export type StoredOrder = Pick<
  OpdrachtRow,
  | 'opdrachtId'
  | 'versienummer'
  | 'opdrachtgever'
  | 'opdrachtnemer'
  | 'status'
  | 'statusText'
  | 'planStatusText'
  | 'type'
>;

/** A participant as the batch judges its messages: its organisation type and, when delegated, whom it acts for. */
export interface Participant {
  type: string;
  delegerenden: string[];
  /** False while the organisation is deactivated: nothing is accepted from or for it (issue 29). */
  active: boolean;
}

export interface BatchState {
  /** The messages stored under the batch's idempotency keys, by sender and key (`keyOf`). */
  known: Map<string, StoredUnderKey>;
  /** The batch's existing orders, locked. */
  orders: StoredOrder[];
  /** Their leveringen, by order. */
  leveringen: Map<string, LeveringState[]>;
  /** The organisations of the batch's senders, the receivers its new orders name and the parties of its orders, by deelnemer. */
  participants: Map<string, Participant>;
}

export const keyOf = (item: { sender: string; idempotencyKey: string }) => `${item.sender}\u0000${item.idempotencyKey}`;

type OrderTuple = [string, string, string, string, number, string, string | null, string | null];
type LeveringTuple = [string, string, LeveringState['type'], LeveringState['beoordeling'] | null];
type ParticipantTuple = [string, string, string[] | null, boolean];
type KnownTuple = [string, string, string, string, string, string, unknown];

/**
 * Planned per call, not prepared by name: a generic plan made while the tables are small (the
 * first calls after a start) scans them whole, and keeps doing so as they grow.
 */
const readStatement = new Statement(
  sql`with locked as (
          select o.opdracht_id, o.versienummer, o.opdrachtgever, o.opdrachtnemer, o.status, o.status_text,
                 o.plan_status_text, o.type
          from opdrachten o where o.opdracht_id = any(array(select jsonb_array_elements_text(${value('ids')}::jsonb)))
          order by o.opdracht_id
          for update
        )
        select
          (select coalesce(json_agg(json_build_array(l.opdracht_id, l.versienummer, l.opdrachtgever, l.opdrachtnemer,
                    l.status, l.status_text, l.plan_status_text, l.type)), '[]') from locked l) as orders,
          -- A key found is rare (a resubmission): its message comes along to be compared with it
          -- (idempotency.ts), and a new message costs nothing more.
          (select coalesce(json_agg(json_build_array(m.id, m.sender, m.idempotency_key, m.type, m.versienummer,
                    m.opdracht_id, case when m.data_removed_at is null then m.data end)), '[]')
           from messages m
           join jsonb_to_recordset(${value('keys')}::jsonb) as k(sender text, "idempotencyKey" text)
             on m.sender = k.sender and m.idempotency_key = k."idempotencyKey") as known,
          (select coalesce(json_agg(json_build_array(v.opdracht_id, v.levering_id, v.type, v.beoordeling)), '[]')
           from leveringen v where v.opdracht_id in (select opdracht_id from locked where versienummer like 'h%')) as leveringen,
          -- The organisations table is small (one row per participant) and read in this same round trip.
          (select coalesce(json_agg(json_build_array(p.deelnemer, p.type, p.metadata->'delegerenden', p.active)), '[]')
           from (select coalesce(metadata->>'deelnemer', organisatie) as deelnemer, type, metadata,
                        deactivated is null as active from organisations) p
           where p.deelnemer = any(array(select jsonb_array_elements_text(${value('deelnemers')}::jsonb)))
              or p.deelnemer in (select opdrachtgever from locked union select opdrachtnemer from locked)) as participants`,
  ([row]) => {
    const [orders, known, leveringen, participants] = row as [
      OrderTuple[],
      KnownTuple[],
      LeveringTuple[],
      ParticipantTuple[],
    ];
    return { orders, known, leveringen, participants };
  },
);

/**
 * What a batch is judged on, in one statement (one round trip of the accepting transaction): the
 * idempotency keys already stored, with their messages, the orders locked — in opdrachtId order,
 * as every transaction that changes orders locks them, so that none deadlock — their leveringen,
 * and the organisations of the named participants (`deelnemers`: the senders and the receivers of
 * new orders) and of the orders' parties.
 */
export async function readBatchState(
  tx: Database,
  opdrachtIds: readonly string[],
  keys: readonly { sender: string; idempotencyKey: string }[],
  deelnemers: readonly string[],
): Promise<BatchState> {
  const row = await readStatement.run(tx, {
    ids: JSON.stringify(opdrachtIds),
    keys: JSON.stringify(keys),
    deelnemers: JSON.stringify(deelnemers),
  });
  const known = new Map<string, StoredUnderKey>();
  for (const [id, sender, idempotencyKey, type, versienummer, opdrachtId, data] of row.known) {
    known.set(keyOf({ sender, idempotencyKey }), { id, type, versienummer, opdrachtId, data });
  }
  const leveringen = new Map<string, LeveringState[]>();
  for (const [opdrachtId, leveringId, type, beoordeling] of row.leveringen) {
    const list = leveringen.get(opdrachtId) ?? [];
    list.push({ leveringId, type, ...(beoordeling && { beoordeling }) });
    leveringen.set(opdrachtId, list);
  }
  const orders = row.orders.map(
    ([opdrachtId, versienummer, opdrachtgever, opdrachtnemer, status, statusText, planStatusText, type]) => ({
      opdrachtId,
      versienummer,
      opdrachtgever,
      opdrachtnemer,
      status,
      statusText,
      planStatusText,
      type,
    }),
  );
  const participants = new Map<string, Participant>(
    row.participants.map(([deelnemer, type, delegerenden, active]) => [
      deelnemer,
      { type, delegerenden: Array.isArray(delegerenden) ? delegerenden : [], active },
    ]),
  );
  return { known, orders, leveringen, participants };
}

export interface BatchWrites {
  created: readonly NewOpdracht[];
  changes: readonly OpdrachtChange[];
  leveringen: readonly NewLevering[];
  outbox: readonly (NewMessage & { id: string })[];
}

/** Planned per call, as readStatement. */
const writeStatement = new Statement(
  sql`with created as (
          insert into opdrachten (opdracht_id, versienummer, opdrachtgever, opdrachtnemer, status, status_text, type, plan_status_text)
          select "opdrachtId", versienummer, opdrachtgever, opdrachtnemer, status, "statusText", type, "planStatusText"
          from jsonb_to_recordset(${value('created')}::jsonb)
            as c("opdrachtId" text, versienummer text, opdrachtgever text, opdrachtnemer text, status integer,
                 "statusText" text, type text, "planStatusText" text)
          on conflict do nothing
          returning 1
        ),
        changed as (
          update opdrachten o
          set status = c.status, status_text = c."statusText",
              plan_status_text = coalesce(c."planStatusText", o.plan_status_text), changed = now()
          from jsonb_to_recordset(${value('changes')}::jsonb)
            as c("opdrachtId" text, status integer, "statusText" text, "planStatusText" text)
          -- The ids as an array too: joined to the record set alone (estimated at 100 rows), the
          -- orders were read whole — a sequential scan of opdrachten on every batch.
          where o.opdracht_id = any(array(select jsonb_array_elements_text(${value('changedIds')}::jsonb)))
            and o.opdracht_id = c."opdrachtId"
          returning 1
        ),
        levering as (
          insert into leveringen (levering_id, opdracht_id, opdrachtgever, opdrachtnemer, message_type, type, status_text, beoordeling)
          select "leveringId", "opdrachtId", opdrachtgever, opdrachtnemer, "messageType", type, "statusText", beoordeling
          from jsonb_to_recordset(${value('leveringen')}::jsonb)
            as l("leveringId" text, "opdrachtId" text, opdrachtgever text, opdrachtnemer text, "messageType" text,
                 type text, "statusText" text, beoordeling text)
          on conflict (levering_id) do update
          set message_type = excluded.message_type, status_text = excluded.status_text,
              beoordeling = excluded.beoordeling, changed = now()
          returning 1
        ),
        ${outboxWrites(value('outbox'))}
        select (select count(*) from created)::integer as created, (select count(*) from message)::integer as inserted,
               (select count(*) from changed) as changed, (select count(*) from levering) as leveringen,
               (select count(*) from head) as heads, (select count(*) from notified) as notified`,
  ([row]) => ({ created: Number(row![0]), inserted: Number(row![1]) }),
);

/**
 * Everything a judged batch writes, in one statement: the new orders (one that another
 * transaction created meanwhile is not), the changed ones, the leveringen (the last write of each
 * wins) and the outbox rows with their heads (enqueue.ts). Answers how many orders and messages
 * were inserted: fewer than given means another transaction got there first.
 */
export async function writeBatch(tx: Database, writes: BatchWrites): Promise<{ created: number; inserted: number }> {
  const leveringen = [...new Map(writes.leveringen.map((levering) => [levering.leveringId, levering])).values()];
  const row = await writeStatement.run(tx, {
    created: JSON.stringify(writes.created),
    changes: JSON.stringify(writes.changes),
    changedIds: JSON.stringify(writes.changes.map((change) => change.opdrachtId)),
    leveringen: JSON.stringify(leveringen),
    outbox: outboxJson(writes.outbox),
  });
  return row;
}
