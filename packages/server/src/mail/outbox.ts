import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { PASSWORD_LINK_DAYS } from '../idp/password-links';
import type { Mail } from './templates';

/** Wait before the n-th retry: quick for a blip, then every 15 minutes for a mail server that is down. */
export const MAIL_RETRY_SCHEDULE_MS: readonly number[] = [15_000, 60_000, 5 * 60_000, 15 * 60_000];
/** A mail not sent by then is given up: the link in it has expired. */
const GIVE_UP_DAYS = PASSWORD_LINK_DAYS;
const CLAIM_SECONDS = 120;
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
  /** Tests: a shorter poll and retry schedule. */
  pollMs?: number;
  retryScheduleMs?: readonly number[];
}

export type Mailer = ReturnType<typeof createMailer>;

/**
 * The platform's outgoing mail, through the `mail_outbox` table: a request writes its mail in its
 * own transaction (nothing is sent before it commits, nothing is lost when it does), and a sender
 * in the worker process hands due rows to the SMTP server, retrying with backoff while that server
 * is down. Rows are claimed with SKIP LOCKED and a lease, so several workers share the outbox and a
 * crashed one's rows are taken over. Sent or given-up rows keep who, what and when, not the body.
 */
export function createMailer({
  db,
  smtp,
  log,
  pollMs = POLL_MS,
  retryScheduleMs = MAIL_RETRY_SCHEDULE_MS,
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

  /** Gives up what has waited too long, then claims due rows and sends them. Answers how many went out. */
  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    await db
      .update(mailOutbox)
      .set({ abandoned: sql`now()`, text: null, html: null, claimedUntil: null })
      .where(
        and(
          isNull(mailOutbox.sent),
          isNull(mailOutbox.abandoned),
          lt(mailOutbox.created, sql`now() - ${GIVE_UP_DAYS} * interval '1 day'`),
        ),
      );
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sent),
          isNull(mailOutbox.abandoned),
          lte(mailOutbox.nextAttempt, sql`now()`),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttempt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({
        claimedUntil: sql`now() + ${CLAIM_SECONDS} * interval '1 second'`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    let sent = 0;
    for (const row of claimed) {
      try {
        const info = (await transport.sendMail({
          to: row.recipient,
          subject: row.subject,
          text: row.text ?? '',
          html: row.html ?? undefined,
        })) as { messageId?: string };
        await db
          .update(mailOutbox)
          .set({ sent: sql`now()`, text: null, html: null, claimedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        log.info({ mailId: row.id, kind: row.kind, to: row.recipient, messageId: info.messageId }, 'mail sent');
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const delay = retryAfter(row.attempts);
        await db
          .update(mailOutbox)
          .set({
            claimedUntil: null,
            lastError: message.slice(0, 1000),
            nextAttempt: sql`now() + ${delay} * interval '1 millisecond'`,
          })
          .where(eq(mailOutbox.id, row.id));
        log.warn(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: message },
          'mail not sent, will retry',
        );
      }
    }
    // A full batch: more may be due.
    if (claimed.length === BATCH) again = true;
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
