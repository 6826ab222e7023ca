import { eq, sql } from 'drizzle-orm';
import { OPERATOR_ORGANISATION_TYPE, SUPER_ROLE, permissionsFor } from '@knooppunt/domain';
import { createAuditService } from '../audit/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { organisations, users } from '../db/schema';
import { createPasswordLink } from '../idp/password-links';
import type { MailLog, Mailer } from '../mail/outbox';
import { invitationMail } from '../mail/templates';
import { insertOrganisation } from '../modules/organisations/repository';
import { insertUser } from '../modules/users/repository';

/** The platform operator's own organisation, where the first administrator belongs. */
export const OPERATOR_ORGANISATION = 'Knooppunt_Beheer';
/** What the first administrator gets: the super role with user and connectivity management (issue 19). */
/**
 * What the going-live path needs of one administrator (issue 29 item 1): organisations and users,
 * system clients, and configurations activated with their senders started.
 */
export const FIRST_ADMIN_ROLES = [
  SUPER_ROLE,
  'Gebruikers Beheren',
  'Connectiviteit Beheren',
  'Opdrachtverstrekking Beheren',
];
/** Several processes may start at once on one database: one of them creates the administrator. */
const ADVISORY_LOCK = 0x4b6e7031;

export const FIRST_ADMIN_TEXTS = {
  nobody:
    'Er is nog geen gebruiker die gebruikers beheert. Start Knooppunt één keer met ADMIN_EMAIL=<uw e-mailadres> ' +
    '(en bij voorkeur SMTP_URL) om de eerste beheerder aan te maken; die krijgt een link om een wachtwoord in te stellen.',
  otherOrganisation: (email: string, organisatie: string) =>
    `ADMIN_EMAIL ${email} hoort bij ${organisatie}, niet bij ${OPERATOR_ORGANISATION}: er is geen beheerder aangemaakt. ` +
    'Kies een ander e-mailadres.',
  mailed: (email: string) => `Eerste beheerder ${email} aangemaakt; de uitnodiging met de wachtwoordlink is gemaild.`,
  logged: (email: string, url: string) =>
    `Eerste beheerder ${email} aangemaakt. E-mail staat uit: stel het wachtwoord in via ${url} (7 dagen geldig, één keer te gebruiken).`,
  /** ADMIN_EMAIL was a user of the operator's organisation already: it got the roles, nobody was created. */
  rolesMailed: (email: string) =>
    `Beheerrollen toegevoegd aan de bestaande gebruiker ${email}; de mail met een nieuwe wachtwoordlink is verstuurd.`,
  rolesLogged: (email: string, url: string) =>
    `Beheerrollen toegevoegd aan de bestaande gebruiker ${email}. E-mail staat uit: stel het wachtwoord in via ${url} ` +
    '(7 dagen geldig, één keer te gebruiken).',
} as const;

const SYSTEM_ACTOR = { sub: 'systeem', email: 'systeem (ADMIN_EMAIL)' };

/**
 * At start-up: when no user can manage users, make `ADMIN_EMAIL` the first administrator — the
 * operator's organisation if missing, the user with FIRST_ADMIN_ROLES (an existing user of that
 * organisation gets them added), audited, and a one-time set-password link mailed (or, with mail
 * off, logged once). Without ADMIN_EMAIL one line says what to do. An external identity provider
 * decides roles itself: nothing to do then.
 */
export async function ensureFirstAdministrator({
  db,
  config,
  mailer,
  log,
}: {
  db: Database;
  config: Pick<Config, 'adminEmail' | 'publicUrl' | 'oidc'>;
  mailer: Mailer;
  log: MailLog;
}): Promise<void> {
  if (config.oidc.externalIssuer !== undefined) return;
  const email = config.adminEmail?.trim();
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK})`);
    const everyone = await tx
      .select({ id: users.id, email: users.email, roles: users.roles, organisatie: organisations.organisatie })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId));
    if (everyone.some((user) => permissionsFor(user.roles).canCreateUser)) return undefined;
    if (!email) return { kind: 'nobody' as const };

    const existing = everyone.find((user) => user.email.toLowerCase() === email.toLowerCase());
    if (existing && existing.organisatie !== OPERATOR_ORGANISATION) {
      return { kind: 'other' as const, organisatie: existing.organisatie };
    }
    await insertOrganisation(tx, {
      organisatie: OPERATOR_ORGANISATION,
      type: OPERATOR_ORGANISATION_TYPE,
      metadata: { deelnemer: OPERATOR_ORGANISATION, delegerenden: [] },
    });
    const [organisation] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(sql`lower(${organisations.organisatie}) = lower(${OPERATOR_ORGANISATION})`);
    const audit = createAuditService();
    let userId: string;
    if (existing) {
      const roles = [...new Set([...existing.roles.filter((role) => role !== 'geen'), ...FIRST_ADMIN_ROLES])];
      await tx
        .update(users)
        .set({ roles, updated: sql`now()` })
        .where(eq(users.id, existing.id));
      await audit.record(tx, SYSTEM_ACTOR, {
        action: 'user.roles',
        subjectType: 'user',
        subjectId: existing.email,
        before: { roles: existing.roles },
        after: { roles },
      });
      userId = existing.id;
    } else {
      userId = (await insertUser(tx, {
        email,
        organisationId: organisation!.id,
        roles: FIRST_ADMIN_ROLES,
        delegerende: null,
      }))!;
      await audit.record(tx, SYSTEM_ACTOR, {
        action: 'user.create',
        subjectType: 'user',
        subjectId: email,
        after: { organisatie: OPERATOR_ORGANISATION, roles: FIRST_ADMIN_ROLES },
      });
    }
    const url = await createPasswordLink(tx, userId, config.publicUrl);
    const mailed = await mailer.enqueue(tx, invitationMail(email, url, `${config.publicUrl}/`));
    return { kind: existing ? ('roles' as const) : ('created' as const), url, mailed };
  });

  if (!outcome) return;
  if (outcome.kind === 'nobody') log.warn({}, FIRST_ADMIN_TEXTS.nobody);
  else if (outcome.kind === 'other') log.error({}, FIRST_ADMIN_TEXTS.otherOrganisation(email!, outcome.organisatie));
  else if (outcome.mailed) {
    log.info({ email }, (outcome.kind === 'roles' ? FIRST_ADMIN_TEXTS.rolesMailed : FIRST_ADMIN_TEXTS.mailed)(email!));
    mailer.wake();
  } else {
    const text = outcome.kind === 'roles' ? FIRST_ADMIN_TEXTS.rolesLogged : FIRST_ADMIN_TEXTS.logged;
    log.warn({ email }, text(email!, outcome.url));
  }
}
