import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/client';
import type { Mailer } from '../mail/outbox';
import { invitationMail } from '../mail/templates';
import { createPasswordLink, revokePasswordLinks } from './password-links';

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
  /**
   * 'Uitnodiging opnieuw versturen' (inside `tx`): a fresh link for a user who has no password yet;
   * earlier links stop working. Undefined: the provider invites its users itself.
   */
  reinvite?(tx: Database, user: { id: string; email: string }): Promise<{ setPasswordUrl?: string }>;
  /** After the transaction of `invite` committed: send its mail now rather than at the next poll. */
  afterCommit?(): void;
  synchronize(db: Database): Promise<SyncReport>;
}

export interface DirectoryLog {
  info(object: object, message: string): void;
}

/**
 * The embedded provider's directory: a new user gets a one-time set-password link (valid 7 days),
 * mailed as an invitation through the outbox when mail is on, else logged; shown to the
 * administrator in demo mode.
 * Synchronising removes the provider's sessions, grants and tokens of accounts that no longer
 * exist, and reports the users who still have no password.
 */
export function embeddedDirectory(options: {
  publicUrl: string;
  showLinks: boolean;
  log: DirectoryLog;
  mailer: Mailer;
}): IdentityDirectory {
  const { publicUrl, mailer, log } = options;
  const invite = async (tx: Database, user: { id: string; email: string }) => {
    const url = await createPasswordLink(tx, user.id, publicUrl);
    if (await mailer.enqueue(tx, invitationMail(user.email, url, `${publicUrl}/`))) {
      log.info({ email: user.email }, 'invitation mail queued for a user');
    } else {
      log.info({ email: user.email, setPasswordUrl: url }, 'set-password link for a user (mail is off)');
    }
    return options.showLinks ? { setPasswordUrl: url } : {};
  };
  return {
    invite,

    async reinvite(tx, user) {
      await revokePasswordLinks(tx, user.id);
      return invite(tx, user);
    },

    afterCommit: () => mailer.wake(),

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
