import { z } from 'zod';
import { cappedPagedSchema, typedSearchBodySchema } from './paging';

/** Dutch texts of the Auditlog screen and call (decision 0033). */
export const AUDIT_LOG_TEXTS = {
  title: 'Auditlog',
  periodeOmgekeerd: 'Het einde van de periode ligt voor het begin.',
  tijdstip: 'Vul een geldig tijdstip in (ISO 8601, bijvoorbeeld 2026-01-31T23:59:59Z).',
  verborgen: '[verborgen]',
} as const;

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
