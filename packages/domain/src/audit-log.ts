import { z } from 'zod';
import { cappedPagedSchema, typedSearchBodySchema } from './paging';

/** Dutch texts of the Auditlog screen and call (decision 0033). */
export const AUDIT_LOG_TEXTS = {
  title: 'Auditlog',
  periodeOmgekeerd: 'Het einde van de periode ligt voor het begin.',
  tijdstip: 'Vul een geldig tijdstip in (ISO 8601, bijvoorbeeld 2026-01-31T23:59:59Z).',
  verborgen: '[verborgen]',
} as const;

/**
 * The audited actions in words (the Auditlog's Actie column and filter). The server writes the
 * codes; an action not listed here is shown as its code.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'config.create': 'Configuratie toegevoegd',
  'config.update': 'Configuratie gewijzigd',
  'config.activate': 'Configuratie geactiveerd',
  'config.webhook-secret.create': 'Ondertekeningsgeheim aangemaakt',
  'config.webhook-secret.rotate': 'Ondertekeningsgeheim vernieuwd',
  'sender.pause': 'Verzending gepauzeerd',
  'sender.resume': 'Verzending hervat',
  'sender.maxMessages': 'Maximaal aantal berichten gewijzigd',
  'sender.maxPerSecond': 'Maximaal aantal berichten per seconde gewijzigd',
  'sender.useNewest': 'Nieuwste configuratie in gebruik genomen',
  'message.retry': 'Bericht opnieuw verstuurd',
  'message.resend': 'Afgeleverd bericht opnieuw verstuurd',
  'message.bulk-retry': 'Alles opnieuw verstuurd',
  'opdracht.cancel': 'Opdracht geannuleerd',
  'scenario.create': 'Scenario toegevoegd',
  'scenario.copy': 'Scenario gekopieerd',
  'scenario.edit': 'Scenario gewijzigd',
  'scenario.obligation': 'Verplichting gewijzigd',
  'scenario.delete': 'Scenario verwijderd',
  'version.publish': 'Versie gepubliceerd',
  'waardenlijst.create': 'Waardenlijst toegevoegd',
  'waardenlijst.update': 'Waardenlijst gewijzigd',
  'waardenlijst.delete': 'Waardenlijst verwijderd',
  'termijn.create': 'Termijn toegevoegd',
  'termijn.update': 'Termijn gewijzigd',
  'termijn.delete': 'Termijn verwijderd',
  'termijn.mail': 'Dagelijkse termijnmail gewijzigd',
  'organisation.create': 'Organisatie toegevoegd',
  'systemclient.create': 'Systeemclient toegevoegd',
  'systemclient.rotate': 'Geheim van systeemclient vernieuwd',
  'systemclient.revoke': 'Systeemclient ingetrokken',
  'user.create': 'Gebruiker toegevoegd',
  'user.roles': 'Rollen gewijzigd',
  'user.password-link': 'Wachtwoordlink verstuurd',
  'user.block': 'Gebruiker geblokkeerd',
  'user.unblock': 'Gebruiker gedeblokkeerd',
  'user.delete': 'Gebruiker verwijderd',
  'user.invite': 'Uitnodiging opnieuw verstuurd',
  'user.unlock': 'Gebruiker ontgrendeld',
  'user.password': 'Wachtwoord gewijzigd',
  'user.second-factor.reset': 'Tweede stap gereset',
  'user.second-factor.enrolled': 'Authenticator-app ingesteld',
  'user.second-factor.recovery-codes': 'Nieuwe herstelcodes gemaakt',
  'user.second-factor.removed': 'Authenticator-app verwijderd',
  'user.passkey.added': 'Passkey toegevoegd',
  'user.passkey.removed': 'Passkey verwijderd',
  'organisation.deactivate': 'Organisatie gedeactiveerd',
  'organisation.activate': 'Organisatie geactiveerd',
  'login.refused': 'Inloggen geweigerd',
  'mail.retry': 'E-mail opnieuw verstuurd',
  'users.synchronize': 'Gebruikers gesynchroniseerd',
  'login.failed': 'Inloggen mislukt',
  'login.locked': 'Inloggen geblokkeerd',
  'token.failed': 'Token aanvragen mislukt',
  'token.locked': 'Token aanvragen geblokkeerd',
  'secrets.rotate': 'Geheimen opnieuw versleuteld',
  'receipt-key.rotate': 'Sleutel voor ontvangstbewijzen vervangen',
};

/** The kinds of subject in words (the Auditlog's Onderwerp column and filter). */
export const AUDIT_SUBJECT_LABELS: Readonly<Record<string, string>> = {
  configuration: 'Configuratie',
  sender: 'Verzender',
  message: 'Bericht',
  opdracht: 'Opdracht',
  scenario: 'Scenario',
  version: 'Versie',
  waardenlijst: 'Waardenlijst',
  termijn: 'Termijn',
  organisation: 'Organisatie',
  systeemclient: 'Systeemclient',
  user: 'Gebruiker',
  users: 'Gebruikers',
  'bulk-retry-job': 'Alles opnieuw versturen',
  account: 'Account',
  client: 'Client',
  address: 'Adres',
  'secret-key': 'Sleutel (SECRET_KEY)',
  'receipt-key': 'Sleutel (ontvangstbewijzen)',
};

/** An action or subject kind in words, or its code when it has none. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;
export const auditSubjectLabel = (subjectType: string): string => AUDIT_SUBJECT_LABELS[subjectType] ?? subjectType;

/** What a secret's value is replaced by before an audit entry leaves the server. */
export const AUDIT_REDACTED = AUDIT_LOG_TEXTS.verborgen;

/** One audited change as the Auditlog screen sees it: before and after with secrets redacted. */
export const auditEntryViewSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  actorDeelnemer: z.string().nullable(),
  actingFor: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

const text = z.string().trim().max(200);
const moment = z.iso.datetime({ offset: true, error: AUDIT_LOG_TEXTS.tijdstip });

/**
 * Filters: `actor` (equal), `action` (equal), `subjectType` and `subjectId` (equal), `from` and
 * `to` (a period: at or after `from`, before `to`). Newest first, ties by id.
 */
export const auditSearchSchema = typedSearchBodySchema({
  filters: { actor: text, action: text, subjectType: text, subjectId: text, from: moment, to: moment },
  sortFields: ['at'],
}).superRefine((body, ctx) => {
  const { from, to } = body.filters;
  if (from && to && Date.parse(to) < Date.parse(from)) {
    ctx.addIssue({ code: 'custom', path: ['filters', 'to'], message: AUDIT_LOG_TEXTS.periodeOmgekeerd });
  }
});
export type AuditSearch = z.input<typeof auditSearchSchema>;
export const auditPageSchema = cappedPagedSchema(auditEntryViewSchema);
