import type { AlertReason, Failing, OpenAlert, SenderState } from './alerts-repository';
import type { DeliveryCounters } from './counters';

// What the delivery alerts (alerts.ts) decide about a receiver configuration, from what an
// evaluation read: whether it is down and why, and whether to open, remind, recover or mail.

export const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** A receiver configuration with a sender, as an evaluation finds it. */
export type Receiver = {
  key: string;
  sender: SenderState;
  alert: OpenAlert | undefined;
  failed: Failing | undefined;
  /** When it was last delivered to, as far as is known (epoch ms; 0: never). */
  lastDelivered: number;
  /** The addresses of its active configuration; none while mail is off. */
  recipients: string[];
};

/** What one evaluation does about a receiver configuration. */
export type Decision = GoneDown | StillDown | Recovered;
export type GoneDown = { kind: 'gone down'; receiver: Receiver; reason: AlertReason; downSince: Date };
export type StillDown = {
  kind: 'still down';
  receiver: Receiver;
  alert: OpenAlert;
  reason: AlertReason;
  repeatDue: boolean;
};
export type Recovered = { kind: 'recovered'; receiver: Receiver; alert: OpenAlert };

/**
 * The last delivery: exactly when this process made it, else within the newest counted minute
 * (its end, or now when that is sooner: the later guess never alerts too early).
 */
export function lastDeliveryOf(
  sender: SenderState,
  counters: Pick<DeliveryCounters, 'lastDelivered'> | undefined,
  at: Date,
): number {
  const counted = asDate(sender.last_minute);
  return Math.max(
    counters?.lastDelivered(sender.receiver, sender.versienummer) ?? 0,
    counted ? Math.min(counted.getTime() + 60_000, at.getTime()) : 0,
  );
}

/**
 * Whether the silence rule can hold: no failures, its sender runs, messages wait — for the
 * receiver, not for a fault on the platform's side — and nothing was delivered to it since
 * `silentSince`. Only for these is the oldest waiting message read.
 */
export function maySilence(receiver: Receiver, silentSince: Date): boolean {
  const { sender } = receiver;
  return (
    !receiver.failed &&
    sender.running &&
    sender.waiting &&
    !sender.platform_fault &&
    receiver.lastDelivered <= silentSince.getTime()
  );
}

/**
 * Why a receiver configuration is down, and since when its messages wait in vain: failures, or
 * silence once its oldest waiting message (read only when it `maySilence`) waits since
 * `silentSince` or longer. Undefined: it is up.
 */
export function downBy(
  receiver: Receiver,
  oldest: Date | undefined,
  silentSince: Date,
): { reason: AlertReason; waitingSince: Date } | undefined {
  if (receiver.failed) return { reason: 'failures', waitingSince: asDate(receiver.failed.oldest)! };
  if (oldest && oldest <= silentSince) return { reason: 'silence', waitingSince: oldest };
  return undefined;
}

/**
 * Going down opens an alert, since the later of the last delivery and the oldest message that
 * waits in vain; staying down may remind, once `repeatMs` passed since the last mail; coming up
 * recovers. A paused sender's silence is no news: its open alert waits for it to run again.
 */
export function decide(
  receiver: Receiver,
  down: ReturnType<typeof downBy>,
  at: Date,
  repeatMs: number,
): Decision | undefined {
  const { alert } = receiver;
  if (down && !alert) {
    const downSince = new Date(Math.max(receiver.lastDelivered, down.waitingSince.getTime()));
    return { kind: 'gone down', receiver, reason: down.reason, downSince };
  }
  if (down && alert) {
    const repeatDue = !alert.alerted_at || asDate(alert.alerted_at)!.getTime() <= at.getTime() - repeatMs;
    return { kind: 'still down', receiver, alert, reason: down.reason, repeatDue };
  }
  if (alert && receiver.sender.running) return { kind: 'recovered', receiver, alert };
  return undefined;
}

/** Whether a decision mails about the receiver configuration being down. */
export const mailsDown = (decision: Decision) =>
  decision.receiver.recipients.length > 0 &&
  (decision.kind === 'gone down' || (decision.kind === 'still down' && decision.repeatDue));

/** Whether a decision mails that the receiver configuration is up again: only who heard that it was down hears it. */
export const mailsUp = (decision: Decision): decision is Recovered =>
  decision.kind === 'recovered' && decision.alert.alerted_at !== null && decision.receiver.recipients.length > 0;
