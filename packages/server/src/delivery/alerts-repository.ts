import { flowOf, type Flow } from '@knooppunt/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { flowCondition, uitvalCondition } from '../db/monitoring';
import { messages } from '../db/schema';
import { PLATFORM_FAULT_QUIET_MS } from '../operator/faults';

// The SQL of the delivery alerts (alerts.ts): what an evaluation reads, and what it writes to
// delivery_alerts. Every read of a receiver configuration's details takes all of them in one
// statement, one subquery per configuration, so that the evaluation's lock is held for a few
// statements, not a few per receiver.

/** The advisory lock that lets one process at a time evaluate (a constant of this feature). */
const ALERT_LOCK = 7_402_235_022;

export type AlertReason = 'failures' | 'silence';

/** A receiver configuration: the receiver and the versienummer of its flow. */
export type ReceiverKey = {
  receiver: string;
  versienummer: string;
};

export type OpenAlert = ReceiverKey & {
  id: string;
  down_since: Date | string;
  reason: AlertReason;
  last_error: string | null;
  last_trace_id: string | null;
  alerted_at: Date | string | null;
};

export type SenderState = ReceiverKey & {
  running: boolean;
  emails: string[] | null;
  last_minute: Date | string | null;
  waiting: boolean;
  /** Messages wait for a fault on the platform's side (issue 29): the operator's alert, not the receiver's. */
  platform_fault: boolean;
};

export type Failing = ReceiverKey & {
  attempts: number;
  oldest: Date | string;
};

export type LastError = {
  msg: string;
  traceId: string;
};

const FLOWS: readonly Flow[] = ['aansluiting', 'hoofdnet'];

export const keyOf = ({ receiver, versienummer }: ReceiverKey) => `${receiver}|${versienummer}`;

/**
 * Undelivered messages that failed, of one flow: the uitval condition as the flow's partial index
 * (messages_uitval_*) is written, so that the planner uses it (db/monitoring.ts).
 */
const failedOfFlow = (flow: Flow): SQL =>
  sql`${flowCondition(messages.versienummer, flow)} and ${uitvalCondition(messages)}`;

/** Rows as the relation `k` with these columns, in one parameter. */
const relation = (rows: readonly object[], columns: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as k(${sql.raw(columns)})`;

const keysRelation = (keys: readonly ReceiverKey[]) =>
  relation(
    keys.map(({ receiver, versienummer }) => ({ receiver, versienummer })),
    'receiver text, versienummer text',
  );

/** One value per receiver configuration, by key. */
async function byKey<T>(rows: Promise<(ReceiverKey & { value: T })[]>): Promise<Map<string, T>> {
  return new Map((await rows).map((row) => [keyOf(row), row.value]));
}

/** Takes the alert lock for the transaction; false when another process holds it. */
export async function tryAlertLock(tx: Database): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${ALERT_LOCK}) as locked`,
  );
  return lock?.locked === true;
}

/**
 * Every receiver configuration with a sender: whether it runs, its active configuration's
 * addresses, its last minute with a delivery (the counters' primary key, newest first) and whether
 * messages wait: its first order head by due time, on the claim's index (an `exists` was planned
 * as a scan of all heads per receiver; decision 0035).
 */
export function senderStates(tx: Database): Promise<SenderState[]> {
  return queryRows<SenderState>(
    tx,
    sql`select s.deelnemer as receiver, s.versienummer, s.running and s.max_messages > 0 as running,
          (select c.emails from configurations c
            where c.deelnemer = s.deelnemer and c.versienummer = s.versienummer and not c.draft
            order by c.version desc limit 1) as emails,
          (select d.minute from delivery_minutes d
            where d.receiver = s.deelnemer and d.versienummer = s.versienummer and d.delivered > 0
            order by d.minute desc limit 1) as last_minute,
          coalesce((select true from order_heads h
            where h.receiver = s.deelnemer and h.versienummer = s.versienummer
            order by h.due limit 1), false) as waiting,
          exists (select 1 from platform_faults f
            where f.kind = 'delivery' and f.resolved_at is null and f.key = s.deelnemer || '|' || s.versienummer
              and f.last_at > now() - ${PLATFORM_FAULT_QUIET_MS} * interval '1 millisecond') as platform_fault
        from senders s`,
  );
}

/**
 * The receiver configurations with a message in uitval that reached `failedAttempts` failed
 * attempts, per flow on its small partial index: their most failed attempts and when the oldest
 * of those messages was accepted.
 */
export function failingReceivers(tx: Database, failedAttempts: number): Promise<Failing[]> {
  return queryRows<Failing>(
    tx,
    sql.join(
      FLOWS.map(
        (flow) =>
          sql`select receiver, versienummer, max(failed_attempts)::int as attempts, min(created) as oldest
              from messages where ${failedOfFlow(flow)}
              group by receiver, versienummer having max(failed_attempts) >= ${failedAttempts}`,
      ),
      sql` union all `,
    ),
  );
}

export function openAlerts(tx: Database): Promise<OpenAlert[]> {
  return queryRows<OpenAlert>(
    tx,
    sql`select id, receiver, versienummer, down_since, reason, last_error, last_trace_id, alerted_at
        from delivery_alerts where recovered_at is null`,
  );
}

/** The oldest message waiting for each of these receiver configurations, over its order heads. */
export async function oldestWaiting(tx: Database, keys: readonly ReceiverKey[]): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const oldest = await byKey(
    queryRows<ReceiverKey & { value: Date | string | null }>(
      tx,
      sql`select k.receiver, k.versienummer,
            (select min(m.created) from order_heads h join messages m on m.id = h.message_id
              where h.receiver = k.receiver and h.versienummer = k.versienummer) as value
          from ${keysRelation(keys)}`,
    ),
  );
  return new Map([...oldest].flatMap(([key, created]) => (created === null ? [] : [[key, new Date(created)]])));
}

/** The error of the undelivered message that failed last, per receiver configuration, on its flow's uitval index. */
export async function lastErrors(tx: Database, keys: readonly ReceiverKey[]): Promise<Map<string, LastError>> {
  const perFlow = FLOWS.map((flow) => ({ flow, keys: keys.filter((key) => flowOf(key.versienummer) === flow) }));
  const selects = perFlow
    .filter((of) => of.keys.length > 0)
    .map(
      (of) =>
        sql`select k.receiver, k.versienummer,
              (select err from messages
                where ${failedOfFlow(of.flow)} and messages.versienummer = k.versienummer
                  and messages.receiver = k.receiver
                order by last_attempt desc nulls last limit 1) as value
            from ${keysRelation(of.keys)}`,
    );
  if (selects.length === 0) return new Map();
  const errors = await byKey(
    queryRows<ReceiverKey & { value: LastError | null }>(tx, sql.join(selects, sql` union all `)),
  );
  return new Map([...errors].flatMap(([key, error]) => (error === null ? [] : [[key, error]])));
}

/** How many messages wait undelivered, per receiver configuration. */
export async function waitingCounts(tx: Database, keys: readonly ReceiverKey[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  return byKey(
    queryRows<ReceiverKey & { value: number }>(
      tx,
      sql`select k.receiver, k.versienummer,
            (select count(*)::int from messages m
              where m.receiver = k.receiver and m.delivered_at is null and m.versienummer = k.versienummer) as value
          from ${keysRelation(keys)}`,
    ),
  );
}

/** How many messages were delivered to each receiver configuration since the start of the minute of its `since`. */
export async function deliveredSince(
  tx: Database,
  keys: readonly (ReceiverKey & { since: Date })[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  return byKey(
    queryRows<ReceiverKey & { value: number }>(
      tx,
      sql`select k.receiver, k.versienummer,
            (select coalesce(sum(d.delivered), 0)::int from delivery_minutes d
              where d.receiver = k.receiver and d.versienummer = k.versienummer
                and d.minute >= date_trunc('minute', k.since)) as value
          from ${relation(
            keys.map(({ receiver, versienummer, since }) => ({ receiver, versienummer, since: since.toISOString() })),
            'receiver text, versienummer text, since timestamptz',
          )}`,
    ),
  );
}

/**
 * Opens an alert; answers its id, or undefined when one is open already (at most one per receiver
 * configuration).
 */
export async function insertAlert(
  tx: Database,
  alert: ReceiverKey & { downSince: Date; reason: AlertReason; lastError: LastError | undefined; at: Date },
): Promise<string | undefined> {
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`insert into delivery_alerts (receiver, versienummer, down_since, reason, last_error, last_trace_id, opened)
        values (${alert.receiver}, ${alert.versienummer}, ${alert.downSince.toISOString()}, ${alert.reason},
                ${alert.lastError?.msg ?? null}, ${alert.lastError?.traceId ?? null}, ${alert.at.toISOString()})
        on conflict (receiver, versienummer) where recovered_at is null do nothing
        returning id`,
  );
  return inserted?.id;
}

export async function updateAlertCause(
  tx: Database,
  id: string,
  cause: { reason: AlertReason; lastError: LastError | undefined },
): Promise<void> {
  await tx.execute(
    sql`update delivery_alerts set reason = ${cause.reason}, last_error = ${cause.lastError?.msg ?? null},
          last_trace_id = ${cause.lastError?.traceId ?? null}
        where id = ${id}`,
  );
}

export async function markAlerted(tx: Database, id: string, at: Date): Promise<void> {
  await tx.execute(sql`update delivery_alerts set alerted_at = ${at.toISOString()} where id = ${id}`);
}

export async function markRecovered(tx: Database, id: string, at: Date): Promise<void> {
  await tx.execute(sql`update delivery_alerts set recovered_at = ${at.toISOString()} where id = ${id}`);
}
