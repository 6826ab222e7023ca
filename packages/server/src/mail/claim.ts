import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

/**
 * A mail of the outbox claimed for one send. `claim` is the claim's token, new per claim: every
 * later update of the row matches it, so a sender whose claim was taken over (its lease ran out)
 * writes nothing over the new holder's (decision 0020, as decision 0023 fences delivery).
 */
export type ClaimedMail = typeof mailOutbox.$inferSelect & { claim: string };

/** Not sent, not given up, and held by no claim whose lease still runs. */
const free = () =>
  and(
    isNull(mailOutbox.sent),
    isNull(mailOutbox.abandoned),
    or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
  );

const lease = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/** This claim's row, while the claim is still its own. */
const mine = (mail: ClaimedMail) => and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claim, mail.claim));

/** Gives up unsent mail older than `days` (its link has expired); a mail being sent is left to its sender. */
export async function giveUpOlderThan(db: Database, days: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ abandoned: sql`now()`, text: null, html: null, claimedUntil: null, claim: null })
    .where(and(free(), lt(mailOutbox.created, sql`now() - ${days} * interval '1 day'`)));
}

/**
 * Claims the due mail that waited longest, for `leaseMs`, and counts the attempt: one statement
 * (`FOR UPDATE SKIP LOCKED`, then `UPDATE … RETURNING`). One mail per claim, right before its send:
 * a lease never runs while other mails are being sent. Undefined when nothing is due.
 */
export async function claimMail(db: Database, leaseMs: number): Promise<ClaimedMail | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(free(), lte(mailOutbox.nextAttempt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttempt))
    .limit(1)
    .for('update', { skipLocked: true });
  const claim = randomUUID();
  const [mail] = await db
    .update(mailOutbox)
    .set({ claim, claimedUntil: lease(leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return mail ? { ...mail, claim } : undefined;
}

/** Extends the lease of a mail being sent. False when the claim is no longer its own. */
export async function renewClaim(db: Database, mail: ClaimedMail, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(mailOutbox)
    .set({ claimedUntil: lease(leaseMs) })
    .where(mine(mail))
    .returning({ id: mailOutbox.id });
  return renewed.length > 0;
}

/** Records the mail as sent and clears its body (the link). False when the claim is no longer its own. */
export async function recordSent(db: Database, mail: ClaimedMail): Promise<boolean> {
  const recorded = await db
    .update(mailOutbox)
    .set({ sent: sql`now()`, text: null, html: null, claimedUntil: null, claim: null, lastError: null })
    .where(mine(mail))
    .returning({ id: mailOutbox.id });
  return recorded.length > 0;
}

/** Records a failed attempt and when to try again. False when the claim is no longer its own. */
export async function recordFailed(
  db: Database,
  mail: ClaimedMail,
  error: string,
  retryInMs: number,
): Promise<boolean> {
  const recorded = await db
    .update(mailOutbox)
    .set({
      claimedUntil: null,
      claim: null,
      lastError: error.slice(0, 1000),
      nextAttempt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
    })
    .where(mine(mail))
    .returning({ id: mailOutbox.id });
  return recorded.length > 0;
}
