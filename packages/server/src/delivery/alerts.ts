import { flowOf, type Flow } from '@knooppunt/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { flowCondition, uitvalCondition } from '../db/monitoring';
import { messages } from '../db/schema';
import type { Mailer } from '../mail/outbox';
import { deliveryAlertMail, deliveryRecoveryMail, FLOW_NAMES } from '../mail/templates';
import type { DeliveryCounters } from './counters';
import { PLATFORM_FAULT_QUIET_MS } from '../operator/faults';
import type { DeliveryLog } from './worker';

/** The rules (config ALERT_*), in milliseconds where they are times. */
export interface AlertRules {
  /** Down when an undelivered message reached this many failed attempts. */
  failedAttempts: number;
  /** Down when messages wait, the oldest at least this long, and nothing was delivered for this long. */
  silenceMs: number;
  /** The least time between two alert mails about one receiver configuration while it stays down. */
  repeatMs: number;
}

export interface DeliveryAlertsOptions {
  db: Database;
  mailer: Pick<Mailer, 'enqueue' | 'wake' | 'enabled'>;
  /** The portal's address: the mail links to its Uitval screen. */
  publicUrl: string;
  rules: AlertRules;
  log: DeliveryLog;
  /** How often `start` evaluates. */
  checkMs: number;
  /** This process's counters: flushed before each evaluation, and its last deliveries read exactly. */
  counters?: Pick<DeliveryCounters, 'flush' | 'lastDelivered'>;
  /** Tests: the clock (epoch ms) the rules are measured with. */
  now?: () => number;
}

/** What one evaluation did (tests and logs). */
export interface Evaluation {
  /** Another process was evaluating: this one did nothing. */
  skipped: boolean;
  /** Receiver configurations ('receiver|versienummer') looked at. */
  looked: number;
  opened: string[];
  reminded: string[];
  recovered: string[];
  /** Mails written to the outbox. */
  mails: number;
}

export interface DeliveryAlerts {
  evaluate(): Promise<Evaluation>;
  start(): void;
  stop(): Promise<void>;
}

/** The advisory lock that lets one process at a time evaluate (a constant of this feature). */
const ALERT_LOCK = 7_402_235_022;

type OpenAlert = {
  id: string;
  receiver: string;
  versienummer: string;
  down_since: Date;
  reason: 'failures' | 'silence';
  last_error: string | null;
  last_trace_id: string | null;
  alerted_at: Date | null;
};

type SenderState = {
  receiver: string;
  versienummer: string;
  running: boolean;
  emails: string[] | null;
  last_minute: Date | null;
  waiting: boolean;
  /** Messages wait for a fault on the platform's side (issue 29): the operator's alert, not the receiver's. */
  platform_fault: boolean;
};

type Failing = { receiver: string; versienummer: string; attempts: number; oldest: Date };

const FLOWS: readonly Flow[] = ['aansluiting', 'hoofdnet'];
const keyOf = (receiver: string, versienummer: string) => `${receiver}|${versienummer}`;
const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Undelivered messages that failed, of one flow: the uitval condition as the flow's partial index
 * (messages_uitval_*) is written, so that the planner uses it (db/monitoring.ts).
 */
const failedOfFlow = (flow: Flow): SQL =>
  sql`${flowCondition(messages.versienummer, flow)} and ${uitvalCondition(messages)}`;

/**
 * Failure and recovery alerts (issue 22 item 2, decision 0035), evaluated by the worker on its own
 * timer, off the delivery path, by one process at a time (an advisory lock held by the
 * evaluation's transaction). Per receiver configuration with a sender: down when an undelivered
 * message reached `failedAttempts` failed attempts, or — its sender running — messages wait, the
 * oldest at least `silenceMs`, and nothing was delivered to it for `silenceMs`. Going down opens
 * an alert (table delivery_alerts, at most one open per receiver configuration) and mails the
 * addresses of its active configuration; while down, again at most every `repeatMs`; no longer
 * down closes it with one recovery mail. State and mail are written in one transaction.
 */
export function createDeliveryAlerts(options: DeliveryAlertsOptions): DeliveryAlerts {
  const { db, mailer, rules, log } = options;
  const now = options.now ?? Date.now;
  const base = options.publicUrl.replace(/\/$/, '');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const uitvalUrl = (receiver: string, versienummer: string) =>
    `${base}${flowOf(versienummer) === 'hoofdnet' ? '/hoofdnet/uitval' : '/uitval'}?${new URLSearchParams({ receiver })}`;

  async function evaluate(): Promise<Evaluation> {
    const result: Evaluation = { skipped: false, looked: 0, opened: [], reminded: [], recovered: [], mails: 0 };
    // What this process delivered goes into the table first, so that the counts below include it.
    await options.counters?.flush().catch(() => {});
    await db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${ALERT_LOCK}) as locked`,
      );
      if (!lock?.locked) {
        result.skipped = true;
        return;
      }
      const at = new Date(now());
      const silentSince = new Date(at.getTime() - rules.silenceMs);

      // Every receiver configuration with a sender: whether it runs, its active configuration's
      // addresses, its last minute with a delivery (the counters' primary key, newest first) and
      // whether messages wait: its first order head by due time, on the claim's index (an `exists`
      // was planned as a scan of all heads per receiver; decision 0035).
      const senders = await queryRows<SenderState>(
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
      // Messages in uitval, per flow on its small partial index: the most failed attempts per
      // receiver configuration and when the oldest of them was accepted.
      const failing = await queryRows<Failing>(
        tx,
        sql.join(
          FLOWS.map(
            (flow) =>
              sql`select receiver, versienummer, max(failed_attempts)::int as attempts, min(created) as oldest
                  from messages where ${failedOfFlow(flow)}
                  group by receiver, versienummer having max(failed_attempts) >= ${rules.failedAttempts}`,
          ),
          sql` union all `,
        ),
      );
      const open = await queryRows<OpenAlert>(
        tx,
        sql`select id, receiver, versienummer, down_since, reason, last_error, last_trace_id, alerted_at
            from delivery_alerts where recovered_at is null`,
      );
      const failingBy = new Map(failing.map((row) => [keyOf(row.receiver, row.versienummer), row]));
      const openBy = new Map(open.map((row) => [keyOf(row.receiver, row.versienummer), row]));

      for (const sender of senders) {
        const key = keyOf(sender.receiver, sender.versienummer);
        result.looked += 1;
        const alert = openBy.get(key);
        const failed = failingBy.get(key);
        // The last delivery: exactly when this process made it, else within the newest counted
        // minute (its end, or now when that is sooner: the later guess never alerts too early).
        const counted = asDate(sender.last_minute);
        const lastDelivered = Math.max(
          options.counters?.lastDelivered(sender.receiver, sender.versienummer) ?? 0,
          counted ? Math.min(counted.getTime() + 60_000, at.getTime()) : 0,
        );
        let silentFrom: Date | undefined;
        if (
          !failed &&
          sender.running &&
          sender.waiting &&
          !sender.platform_fault &&
          lastDelivered <= silentSince.getTime()
        ) {
          // Only for a receiver that has been silent: the oldest waiting message, over its order heads.
          const [oldest] = await queryRows<{ created: Date | null }>(
            tx,
            sql`select min(m.created) as created from order_heads h join messages m on m.id = h.message_id
                where h.receiver = ${sender.receiver} and h.versienummer = ${sender.versienummer}`,
          );
          const created = asDate(oldest?.created ?? null);
          if (created && created <= silentSince) silentFrom = created;
        }
        const reason = failed ? 'failures' : silentFrom ? 'silence' : undefined;
        // A paused sender's silence is no news: its open alert waits for it to run again.
        if (!reason && alert && !sender.running && !failed) continue;
        const addresses = [...new Set(sender.emails ?? [])];

        if (reason) {
          const repeatDue =
            !alert || !alert.alerted_at || asDate(alert.alerted_at)!.getTime() <= at.getTime() - rules.repeatMs;
          const lastError = await lastErrorOf(tx, sender.receiver, sender.versienummer);
          const changed =
            alert &&
            (alert.reason !== reason ||
              alert.last_error !== (lastError?.msg ?? null) ||
              alert.last_trace_id !== (lastError?.traceId ?? null));
          if (!alert) {
            // Since the later of the last delivery and the oldest message that waits in vain.
            const since = Math.max(lastDelivered, (failed ? asDate(failed.oldest)! : silentFrom!).getTime());
            const inserted = await queryRows<{ id: string }>(
              tx,
              sql`insert into delivery_alerts (receiver, versienummer, down_since, reason, last_error, last_trace_id, opened)
                  values (${sender.receiver}, ${sender.versienummer}, ${new Date(since).toISOString()}, ${reason},
                          ${lastError?.msg ?? null}, ${lastError?.traceId ?? null}, ${at.toISOString()})
                  on conflict (receiver, versienummer) where recovered_at is null do nothing
                  returning id`,
            );
            if (inserted.length === 0) continue;
            result.opened.push(key);
            const mails = await mailDown(tx, sender, addresses, {
              downSince: new Date(since),
              reason,
              lastError,
              reminder: false,
            });
            if (mails > 0) {
              result.mails += mails;
              await tx.execute(
                sql`update delivery_alerts set alerted_at = ${at.toISOString()} where id = ${inserted[0]!.id}`,
              );
            }
            continue;
          }
          if (changed) {
            await tx.execute(
              sql`update delivery_alerts set reason = ${reason}, last_error = ${lastError?.msg ?? null},
                    last_trace_id = ${lastError?.traceId ?? null}
                  where id = ${alert.id}`,
            );
          }
          if (repeatDue) {
            const mails = await mailDown(tx, sender, addresses, {
              downSince: asDate(alert.down_since)!,
              reason,
              lastError,
              reminder: alert.alerted_at !== null,
            });
            if (mails > 0) {
              result.mails += mails;
              result.reminded.push(key);
              await tx.execute(sql`update delivery_alerts set alerted_at = ${at.toISOString()} where id = ${alert.id}`);
            }
          }
          continue;
        }

        if (alert) {
          await tx.execute(sql`update delivery_alerts set recovered_at = ${at.toISOString()} where id = ${alert.id}`);
          result.recovered.push(key);
          // Only who heard that it was down hears that it is up again.
          if (alert.alerted_at === null) continue;
          const downSince = asDate(alert.down_since)!;
          const [delivered] = await queryRows<{ count: number }>(
            tx,
            sql`select coalesce(sum(delivered), 0)::int as count from delivery_minutes
                where receiver = ${sender.receiver} and versienummer = ${sender.versienummer}
                  and minute >= date_trunc('minute', ${downSince.toISOString()}::timestamptz)`,
          );
          for (const to of mailer.enabled ? addresses : []) {
            const mail = deliveryRecoveryMail(to, {
              receiver: sender.receiver,
              versienummer: sender.versienummer,
              flow: FLOW_NAMES[flowOf(sender.versienummer)],
              downSince,
              downMs: at.getTime() - downSince.getTime(),
              delivered: delivered?.count ?? 0,
            });
            if (await mailer.enqueue(tx, mail)) result.mails += 1;
          }
        }
      }
    });
    if (result.mails > 0) mailer.wake();
    return result;
  }

  /** The error of the undelivered message that failed last, on the flow's uitval index. */
  async function lastErrorOf(tx: Database, receiver: string, versienummer: string) {
    const [row] = await queryRows<{ err: { msg: string; traceId: string } | null }>(
      tx,
      sql`select err from messages
          where ${failedOfFlow(flowOf(versienummer))} and versienummer = ${versienummer}
            and receiver = ${receiver}
          order by last_attempt desc nulls last limit 1`,
    );
    return row?.err ?? undefined;
  }

  /** Writes the alert mail to each address; answers how many went into the outbox. */
  async function mailDown(
    tx: Database,
    sender: SenderState,
    addresses: string[],
    what: {
      downSince: Date;
      reason: 'failures' | 'silence';
      lastError: { msg: string; traceId: string } | undefined;
      reminder: boolean;
    },
  ): Promise<number> {
    if (addresses.length === 0 || !mailer.enabled) return 0;
    const [waiting] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from messages
          where receiver = ${sender.receiver} and delivered_at is null and versienummer = ${sender.versienummer}`,
    );
    let mails = 0;
    for (const to of addresses) {
      const mail = deliveryAlertMail(to, {
        receiver: sender.receiver,
        versienummer: sender.versienummer,
        flow: FLOW_NAMES[flowOf(sender.versienummer)],
        downSince: what.downSince,
        reason: what.reason,
        threshold: what.reason === 'failures' ? rules.failedAttempts : Math.round(rules.silenceMs / 60_000),
        waiting: waiting?.count ?? 0,
        lastError: what.lastError,
        uitvalUrl: uitvalUrl(sender.receiver, sender.versienummer),
        reminder: what.reminder,
      });
      if (await mailer.enqueue(tx, mail)) mails += 1;
    }
    return mails;
  }

  const tick = () => {
    if (running) return;
    running = evaluate()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'evaluating delivery alerts failed; tried again at the next check'),
      )
      .finally(() => (running = undefined));
  };

  return {
    evaluate,
    start() {
      if (timer) return;
      timer = setInterval(tick, options.checkMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
