import { flowOf } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { periodic } from '../lib/periodic';
import type { Mailer } from '../mail/outbox';
import { deliveryAlertMail, deliveryRecoveryMail, FLOW_NAMES } from '../mail/templates';
import {
  asDate,
  decide,
  downBy,
  lastDeliveryOf,
  mailsDown,
  mailsUp,
  maySilence,
  type Decision,
  type GoneDown,
  type Receiver,
  type Recovered,
  type StillDown,
} from './alert-decisions';
import {
  deliveredSince,
  failingReceivers,
  insertAlert,
  keyOf,
  lastErrors,
  markAlerted,
  markRecovered,
  oldestWaiting,
  openAlerts,
  senderStates,
  tryAlertLock,
  updateAlertCause,
  waitingCounts,
  type AlertReason,
  type LastError,
} from './alerts-repository';
import type { DeliveryCounters } from './counters';
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

/** What the decisions' mails and alert rows need, per receiver configuration (by key). */
type Details = {
  lastErrors: Map<string, LastError>;
  waiting: Map<string, number>;
  delivered: Map<string, number>;
};

/** An evaluation writing its decisions: its transaction, its moment, what it read and what it did. */
type Carrying = { tx: Database; at: Date; details: Details; result: Evaluation };

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

  const uitvalUrl = (receiver: string, versienummer: string) =>
    `${base}${flowOf(versienummer) === 'hoofdnet' ? '/hoofdnet/uitval' : '/uitval'}?${new URLSearchParams({ receiver })}`;

  async function evaluate(): Promise<Evaluation> {
    const result: Evaluation = { skipped: false, looked: 0, opened: [], reminded: [], recovered: [], mails: 0 };
    // What this process delivered goes into the table first, so that the counts below include it.
    await options.counters?.flush().catch(() => {});
    await db.transaction(async (tx) => {
      if (!(await tryAlertLock(tx))) {
        result.skipped = true;
        return;
      }
      const at = new Date(now());
      const receivers = await receiversNow(tx, at);
      result.looked = receivers.length;
      const decisions = await decideAll(tx, receivers, at);
      const carrying = { tx, at, details: await detailsOf(tx, decisions), result };
      for (const decision of decisions) await carryOut(carrying, decision);
    });
    if (result.mails > 0) mailer.wake();
    return result;
  }

  /** Every receiver configuration with a sender, with its failures, its open alert and its last delivery. */
  async function receiversNow(tx: Database, at: Date): Promise<Receiver[]> {
    const senders = await senderStates(tx);
    const failingBy = new Map((await failingReceivers(tx, rules.failedAttempts)).map((row) => [keyOf(row), row]));
    const openBy = new Map((await openAlerts(tx)).map((row) => [keyOf(row), row]));
    return senders.map((sender) => {
      const key = keyOf(sender);
      return {
        key,
        sender,
        alert: openBy.get(key),
        failed: failingBy.get(key),
        lastDelivered: lastDeliveryOf(sender, options.counters, at),
        recipients: mailer.enabled ? [...new Set(sender.emails ?? [])] : [],
      };
    });
  }

  /** What to do about each receiver configuration, in their order; those left as they are are left out. */
  async function decideAll(tx: Database, receivers: readonly Receiver[], at: Date): Promise<Decision[]> {
    const silentSince = new Date(at.getTime() - rules.silenceMs);
    const oldest = await oldestWaiting(
      tx,
      receivers.filter((receiver) => maySilence(receiver, silentSince)).map((receiver) => receiver.sender),
    );
    return receivers.flatMap((receiver) => {
      const down = downBy(receiver, oldest.get(receiver.key), silentSince);
      return decide(receiver, down, at, rules.repeatMs) ?? [];
    });
  }

  /** What the decisions need from the database, one statement for all receivers each. */
  async function detailsOf(tx: Database, decisions: readonly Decision[]): Promise<Details> {
    const senders = (which: (decision: Decision) => boolean) =>
      decisions.filter(which).map((decision) => decision.receiver.sender);
    return {
      lastErrors: await lastErrors(
        tx,
        senders((decision) => decision.kind !== 'recovered'),
      ),
      waiting: await waitingCounts(tx, senders(mailsDown)),
      delivered: await deliveredSince(
        tx,
        decisions
          .filter(mailsUp)
          .map(({ receiver, alert }) => ({ ...receiver.sender, since: asDate(alert.down_since)! })),
      ),
    };
  }

  /** Writes a decision: the alert's row and its mails (none when nobody is to hear of it). */
  function carryOut(evaluation: Carrying, decision: Decision): Promise<void> {
    if (decision.kind === 'gone down') return openAlert(evaluation, decision);
    if (decision.kind === 'still down') return keepAlert(evaluation, decision);
    return closeAlert(evaluation, decision);
  }

  /** Opens the alert and mails it; another process that opened it first has mailed it. */
  async function openAlert({ tx, at, details, result }: Carrying, decision: GoneDown) {
    const { key, sender } = decision.receiver;
    const { reason, downSince } = decision;
    const lastError = details.lastErrors.get(key);
    const id = await insertAlert(tx, { ...sender, downSince, reason, lastError, at });
    if (id === undefined) return;
    result.opened.push(key);
    const waiting = details.waiting.get(key) ?? 0;
    const mails = await mailDown(tx, decision.receiver, { downSince, reason, lastError, waiting, reminder: false });
    if (mails > 0) {
      result.mails += mails;
      await markAlerted(tx, id, at);
    }
  }

  /** Keeps the open alert's cause up to date, and reminds once the repeat time has passed. */
  async function keepAlert({ tx, at, details, result }: Carrying, decision: StillDown) {
    const { key } = decision.receiver;
    const { alert, reason } = decision;
    const lastError = details.lastErrors.get(key);
    if (
      alert.reason !== reason ||
      alert.last_error !== (lastError?.msg ?? null) ||
      alert.last_trace_id !== (lastError?.traceId ?? null)
    ) {
      await updateAlertCause(tx, alert.id, { reason, lastError });
    }
    if (!decision.repeatDue) return;
    const mails = await mailDown(tx, decision.receiver, {
      downSince: asDate(alert.down_since)!,
      reason,
      lastError,
      waiting: details.waiting.get(key) ?? 0,
      reminder: alert.alerted_at !== null,
    });
    if (mails > 0) {
      result.mails += mails;
      result.reminded.push(key);
      await markAlerted(tx, alert.id, at);
    }
  }

  /** Closes the alert, with one recovery mail to who heard that it was down. */
  async function closeAlert({ tx, at, details, result }: Carrying, decision: Recovered) {
    const { key, sender, recipients } = decision.receiver;
    const { alert } = decision;
    await markRecovered(tx, alert.id, at);
    result.recovered.push(key);
    if (!mailsUp(decision)) return;
    const downSince = asDate(alert.down_since)!;
    for (const to of recipients) {
      const mail = deliveryRecoveryMail(to, {
        receiver: sender.receiver,
        versienummer: sender.versienummer,
        flow: FLOW_NAMES[flowOf(sender.versienummer)],
        downSince,
        downMs: at.getTime() - downSince.getTime(),
        delivered: details.delivered.get(key) ?? 0,
      });
      if (await mailer.enqueue(tx, mail)) result.mails += 1;
    }
  }

  /** Writes the alert mail to each address; answers how many went into the outbox. */
  async function mailDown(
    tx: Database,
    { sender, recipients }: Receiver,
    what: {
      downSince: Date;
      reason: AlertReason;
      lastError: LastError | undefined;
      waiting: number;
      reminder: boolean;
    },
  ): Promise<number> {
    let mails = 0;
    for (const to of recipients) {
      const mail = deliveryAlertMail(to, {
        receiver: sender.receiver,
        versienummer: sender.versienummer,
        flow: FLOW_NAMES[flowOf(sender.versienummer)],
        downSince: what.downSince,
        reason: what.reason,
        threshold: what.reason === 'failures' ? rules.failedAttempts : Math.round(rules.silenceMs / 60_000),
        waiting: what.waiting,
        lastError: what.lastError,
        uitvalUrl: uitvalUrl(sender.receiver, sender.versienummer),
        reminder: what.reminder,
      });
      if (await mailer.enqueue(tx, mail)) mails += 1;
    }
    return mails;
  }

  const timer = periodic(evaluate, {
    everyMs: options.checkMs,
    onError: (error) => log.warn({ err: error }, 'evaluating delivery alerts failed; tried again at the next check'),
  });
  return { evaluate, start: timer.start, stop: timer.stop };
}
