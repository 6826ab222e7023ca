import { and, isNull, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { PASSWORD_LINK_DAYS } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { claimMail, giveUpOlderThan, recordFailed, recordSent, renewClaim, type ClaimedMail } from './claim';
import type { Mail } from './templates';

/** Wait before the n-th retry: quick for a blip, then every 15 minutes for a mail server that is down. */
export const MAIL_RETRY_SCHEDULE_MS: readonly number[] = [15_000, 60_000, 5 * 60_000, 15 * 60_000];
/** A mail not sent by then is given up: the link in it has expired. */
const GIVE_UP_DAYS = PASSWORD_LINK_DAYS;
/** A claim's lease, renewed every third of it while its mail is being sent (decision 0020). */
const LEASE_MS = 120_000;
/** The most mails one pass sends; a pass that reached it runs again right after. */
const BATCH = 10;
const POLL_MS = 5_000;

export interface MailLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailerOptions {
  db: Database;
  /** Undefined: mail is off; `enqueue` writes nothing and callers log their link instead. */
  smtp: { url: string; from: string } | undefined;
  log: MailLog;
  /** Tests: a shorter poll, retry schedule and lease. */
  pollMs?: number;
  retryScheduleMs?: readonly number[];
  leaseMs?: number;
}

export type Mailer = ReturnType<typeof createMailer>;

/**
 * The platform's outgoing mail, through the `mail_outbox` table: a request writes its mail in its
 * own transaction (nothing is sent before it commits, nothing is lost when it does), and a sender
 * in the worker process hands due rows to the SMTP server, retrying with backoff while that server
 * is down. A sender claims one row at a time, right before its send, with SKIP LOCKED, a lease it
 * renews while the SMTP server takes its time, and a token that fences what it records (decision
 * 0020): several workers share the outbox, none sends a mail another is sending, and a crashed
 * one's mail is taken over once its lease runs out (at least once). Sent or given-up rows keep
 * who, what and when, not the body.
 */
export function createMailer({
  db,
  smtp,
  log,
  pollMs = POLL_MS,
  retryScheduleMs = MAIL_RETRY_SCHEDULE_MS,
  leaseMs = LEASE_MS,
}: MailerOptions) {
  const transport = smtp
    ? nodemailer.createTransport(
        // Options the URL sets (host, port, auth, secure) win over these; query parameters can tune more.
        { url: smtp.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: smtp.from },
      )
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  const retryAfter = (attempts: number) =>
    retryScheduleMs[Math.min(attempts, retryScheduleMs.length) - 1] ?? retryScheduleMs.at(-1) ?? 60_000;

  /**
   * Renews the claim every third of its lease until `sending` settles, so a slow SMTP server never
   * lets another worker take the mail. A renewal that finds the claim taken over (this process
   * stalled past its lease) or fails is logged; the send goes on, and its outcome is fenced.
   */
  async function whileRenewing<T>(mail: ClaimedMail, sending: Promise<T>): Promise<T> {
    let renewing: Promise<void> | undefined;
    const renew = () => {
      renewing ??= renewClaim(db, mail, leaseMs)
        .then((held) => {
          if (!held) log.warn({ mailId: mail.id }, 'mail claim taken over while sending: it may arrive twice');
        })
        .catch((error: unknown) => log.warn({ mailId: mail.id, err: error }, 'mail claim not renewed'))
        .finally(() => {
          renewing = undefined;
        });
    };
    const renewal = setInterval(renew, leaseMs / 3);
    try {
      return await sending;
    } finally {
      clearInterval(renewal);
      await renewing;
    }
  }

  /** Claims the next due mail and sends it; 'sent' only when its claim also recorded so. */
  async function sendOne(send: NonNullable<typeof transport>): Promise<'sent' | 'not sent' | 'none due'> {
    const mail = await claimMail(db, leaseMs);
    if (!mail) return 'none due';
    let info: { messageId?: string };
    try {
      info = (await whileRenewing(
        mail,
        send.sendMail({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text ?? '',
          html: mail.html ?? undefined,
        }),
      )) as { messageId?: string };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryAfter(mail.attempts);
      const details = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message };
      if (await recordFailed(db, mail, message, delay))
        log.warn({ ...details, retryInMs: delay }, 'mail not sent, will retry');
      else log.warn(details, 'mail not sent; its claim was taken over meanwhile, the new holder sends it');
      return 'not sent';
    }
    const details = { mailId: mail.id, kind: mail.kind, to: mail.recipient, messageId: info.messageId };
    if (await recordSent(db, mail)) {
      log.info(details, 'mail sent');
      return 'sent';
    }
    log.warn(details, 'mail sent after its claim was taken over: not recorded, it may arrive twice');
    return 'not sent';
  }

  /** Gives up what has waited too long, then sends due mails one claim at a time. Answers how many went out. */
  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    await giveUpOlderThan(db, GIVE_UP_DAYS);
    let sent = 0;
    for (let claims = 0; claims < BATCH; claims += 1) {
      const outcome = await sendOne(transport);
      if (outcome === 'none due') return sent;
      if (outcome === 'sent') sent += 1;
    }
    // A full batch: more may be due.
    again = true;
    return sent;
  }

  /** One pass at a time; a wake-up during a pass runs another right after it. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = sendDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail outbox pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    /** Whether mail goes out at all (SMTP_URL set). */
    enabled: transport !== undefined,

    /** Writes a mail to the outbox inside `tx`: sent after the transaction commits. Nothing without SMTP. */
    async enqueue(tx: Database, mail: Mail): Promise<boolean> {
      if (!transport) return false;
      await tx.insert(mailOutbox).values({
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      return true;
    },

    /** Send what is due now (after a commit that enqueued mail), instead of at the next poll. */
    wake(): void {
      if (transport && !stopped) void run();
    },

    /** Runs one pass and answers how many mails went out (tests, the invite command). */
    flush: () => run(),

    /** Starts polling the outbox (the worker role). */
    start(): void {
      if (!transport || !stopped) return;
      stopped = false;
      timer = setInterval(() => void run(), pollMs);
      timer.unref();
      void run();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}

/** Mail not sent yet, and how much of it waits after a failed attempt. */
export interface MailBacklog {
  waiting: number;
  failing: number;
}

/** What the outbox holds, for /health and /metrics (through mail/metrics.ts's shared reading). */
export async function mailBacklog(db: Database): Promise<MailBacklog> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      failing: sql<number>`count(*) filter (where ${mailOutbox.lastError} is not null)::int`,
    })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sent), isNull(mailOutbox.abandoned)));
  return { waiting: row?.waiting ?? 0, failing: row?.failing ?? 0 };
}
