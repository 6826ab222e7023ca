import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passwordLinks, users } from '../db/schema';

/** A set-password link (invitation, 'Wachtwoord vergeten?', the operator's invite command) lasts this long. */
export const PASSWORD_LINK_DAYS = 7;
export const SET_PASSWORD_PATH = '/account/wachtwoord';
/** 'Wachtwoord vergeten?': asks for the e-mail address and mails a link (idp/forgot-password.ts). */
export const FORGOT_PASSWORD_PATH = '/account/wachtwoord-vergeten';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A fresh one-time link for the user to set a password (inside `tx`, with whatever wrote it). Only
 * the token's SHA-256 is stored: the table leaks no usable link. Answers the link's URL.
 */
export async function createPasswordLink(tx: Database, userId: string, publicUrl: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordLinks).values({
    tokenHash: hashToken(token),
    userId,
    expires: sql`now() + ${PASSWORD_LINK_DAYS} * interval '1 day'`,
  });
  return `${publicUrl}${SET_PASSWORD_PATH}/${token}`;
}

const usable = (token: string) =>
  and(eq(passwordLinks.tokenHash, hashToken(token)), isNull(passwordLinks.used), gt(passwordLinks.expires, sql`now()`));

/**
 * Sets the password through a link: once, before it expires. Answers whether it did. Setting a
 * password uses up every other open link of the user too (an older invitation or reset mail).
 */
export async function usePasswordLink(db: Database, token: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(passwordLinks).where(usable(token)).for('update');
    if (!link) return false;
    await tx
      .update(passwordLinks)
      .set({ used: sql`now()` })
      .where(and(eq(passwordLinks.userId, link.userId), isNull(passwordLinks.used)));
    await tx
      .update(users)
      .set({ passwordHash, updated: sql`now()` })
      .where(eq(users.id, link.userId));
    return true;
  });
}

/** Whether a link can still be used (for showing the form or an expired-link page). */
export async function passwordLinkValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db.select({ userId: passwordLinks.userId }).from(passwordLinks).where(usable(token));
  return row !== undefined;
}
