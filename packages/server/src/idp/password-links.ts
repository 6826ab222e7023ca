import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_LINK_DAYS, RESET_LINK_HOURS } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { passwordLinks, users } from '../db/schema';
import { endSessions } from './sessions';
import { unlockAccount } from './throttle';

export const SET_PASSWORD_PATH = '/account/wachtwoord';
/** 'Wachtwoord vergeten?': asks for the e-mail address and mails a link (idp/forgot-password.ts). */
export const FORGOT_PASSWORD_PATH = '/account/wachtwoord-vergeten';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A fresh one-time link for the user to set a password (inside `tx`, with whatever wrote it): an
 * invitation's lasts PASSWORD_LINK_DAYS, a reset's RESET_LINK_HOURS. Only the token's SHA-256 is
 * stored: the table leaks no usable link. Answers the link's URL.
 */
export async function createPasswordLink(
  tx: Database,
  userId: string,
  publicUrl: string,
  kind: 'invitation' | 'reset' = 'invitation',
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordLinks).values({
    tokenHash: hashToken(token),
    userId,
    expires:
      kind === 'reset'
        ? sql`now() + ${RESET_LINK_HOURS} * interval '1 hour'`
        : sql`now() + ${PASSWORD_LINK_DAYS} * interval '1 day'`,
  });
  return `${publicUrl}${SET_PASSWORD_PATH}/${token}`;
}

/** Ends every open link of the user (an earlier invitation or reset mail): a fresh one replaces them. */
export async function revokePasswordLinks(tx: Database, userId: string): Promise<void> {
  await tx
    .update(passwordLinks)
    .set({ used: sql`now()` })
    .where(and(eq(passwordLinks.userId, userId), isNull(passwordLinks.used)));
}

const usable = (token: string) =>
  and(eq(passwordLinks.tokenHash, hashToken(token)), isNull(passwordLinks.used), gt(passwordLinks.expires, sql`now()`));

/**
 * Sets the password through a link: once, before it expires. Answers the user's e-mail address
 * when it did. Setting a password uses up every other open link of the user too (an older
 * invitation or reset mail), ends the user's sessions (a refresh token obtained before gives no
 * more access) and lifts a login lock (idp/throttle.ts): whoever holds the link may log in again.
 */
export async function usePasswordLink(db: Database, token: string, passwordHash: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(passwordLinks).where(usable(token)).for('update');
    if (!link) return undefined;
    await revokePasswordLinks(tx, link.userId);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updated: sql`now()` })
      .where(eq(users.id, link.userId))
      .returning({ email: users.email });
    await endSessions(tx, [link.userId]);
    if (user) await unlockAccount(tx, user.email);
    return user?.email;
  });
}

/** Whether a link can still be used (for showing the form or an expired-link page). */
export async function passwordLinkValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db.select({ userId: passwordLinks.userId }).from(passwordLinks).where(usable(token));
  return row !== undefined;
}
