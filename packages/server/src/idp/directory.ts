import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/client';
import { passwordLinks, users } from '../db/schema';

/** What a synchronisation changed and what it found ('Synchronisatie voltooid'). */
export interface SyncReport {
  /** Provider state removed because its account no longer exists (sessions, grants, tokens). */
  verwijderd: number;
  /** Accounts brought in line with the users table. */
  bijgewerkt: number;
  /** Findings for the administrator, in Dutch. */
  meldingen: string[];
}

/**
 * The seam between user administration and the identity provider (docs/decisions/0013). The users
 * table is the source of truth; a directory makes the provider follow it. The embedded provider
 * authenticates against the table itself; an external provider's admin API (Keycloak, Entra ID)
 * would implement this interface: create the account on `invite`, reconcile on `synchronize`.
 */
export interface IdentityDirectory {
  /** A user was created (inside `tx`): how they come to a password; the link is for the administrator. */
  invite(tx: Database, user: { id: string; email: string }): Promise<{ setPasswordUrl?: string }>;
  synchronize(db: Database): Promise<SyncReport>;
}

export const PASSWORD_LINK_DAYS = 7;
export const SET_PASSWORD_PATH = '/account/wachtwoord';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface DirectoryLog {
  info(object: object, message: string): void;
}

/**
 * The embedded provider's directory: a new user gets a one-time set-password link (valid 7 days),
 * logged — there is no mail server by default — and shown to the administrator in demo mode.
 * Synchronising removes the provider's sessions, grants and tokens of accounts that no longer
 * exist, and reports the users who still have no password.
 */
export function embeddedDirectory(options: {
  publicUrl: string;
  showLinks: boolean;
  log: DirectoryLog;
}): IdentityDirectory {
  return {
    async invite(tx, user) {
      const token = randomBytes(32).toString('base64url');
      await tx.insert(passwordLinks).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expires: sql`now() + ${PASSWORD_LINK_DAYS} * interval '1 day'`,
      });
      const url = `${options.publicUrl}${SET_PASSWORD_PATH}/${token}`;
      options.log.info({ email: user.email, setPasswordUrl: url }, 'set-password link for a new user');
      return options.showLinks ? { setPasswordUrl: url } : {};
    },

    async synchronize(db) {
      const removed = await queryRows<{ n: number }>(
        db,
        sql`with gone as (
              delete from oidc_payloads
              where model in ('Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode')
                and payload ? 'accountId'
                and not exists (select 1 from users u where u.id::text = oidc_payloads.payload->>'accountId')
              returning 1
            )
            select count(*)::int as n from gone`,
      );
      const waiting = await queryRows<{ email: string; linked: boolean }>(
        db,
        sql`select u.email, exists (
              select 1 from password_links l where l.user_id = u.id and l.used is null and l.expires > now()
            ) as linked
            from users u where u.password_hash is null order by u.email`,
      );
      const meldingen = [];
      if (waiting.length) {
        meldingen.push(
          `${waiting.length} gebruiker(s) zonder wachtwoord: ${waiting.map((row) => row.email).join(', ')}`,
        );
      }
      const unlinked = waiting.filter((row) => !row.linked).length;
      if (unlinked) meldingen.push(`${unlinked} daarvan zonder geldige wachtwoordlink`);
      return { verwijderd: removed[0]?.n ?? 0, bijgewerkt: 0, meldingen };
    },
  };
}

/** Sets the password through a link: once, before it expires. Answers whether it did. */
export async function usePasswordLink(db: Database, token: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordLinks)
      .where(
        and(
          eq(passwordLinks.tokenHash, hashToken(token)),
          isNull(passwordLinks.used),
          gt(passwordLinks.expires, sql`now()`),
        ),
      )
      .for('update');
    if (!link) return false;
    await tx
      .update(passwordLinks)
      .set({ used: sql`now()` })
      .where(eq(passwordLinks.tokenHash, link.tokenHash));
    await tx
      .update(users)
      .set({ passwordHash, updated: sql`now()` })
      .where(eq(users.id, link.userId));
    return true;
  });
}

/** Whether a link can still be used (for showing the form or an expired-link page). */
export async function passwordLinkValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordLinks.userId })
    .from(passwordLinks)
    .where(
      and(
        eq(passwordLinks.tokenHash, hashToken(token)),
        isNull(passwordLinks.used),
        gt(passwordLinks.expires, sql`now()`),
      ),
    );
  return row !== undefined;
}

/**
 * An external provider without an admin API plugged in: users are created in the table (roles and
 * organisation for the portal), the account itself is the provider's business.
 */
export const externalDirectory: IdentityDirectory = {
  async invite() {
    return {};
  },
  async synchronize() {
    return {
      verwijderd: 0,
      bijgewerkt: 0,
      meldingen: ['Geen beheer-API van de externe identity provider ingesteld: niets gesynchroniseerd'],
    };
  },
};
