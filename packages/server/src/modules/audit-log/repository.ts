import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { AuditEntryView } from '@knooppunt/domain';
import { redactSecrets } from '../../audit/redact';
import { auditLog } from '../../db/schema';
import { Statement, value } from '../../db/statement';
import {
  cappedCountStatement,
  isoTimestamp,
  perShape,
  searchList,
  statementBuilder,
  type ListStatements,
} from '../../monitoring/statements';

export interface AuditQuery {
  actor?: string | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  /** At or after this moment. */
  from?: Date | undefined;
  /** Before this moment. */
  to?: Date | undefined;
  skip: number;
  limit: number;
  sortDirection: 'asc' | 'desc';
}

/** What a page selects, in `toView`'s order. */
const pageColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actor: auditLog.actor,
  actorDeelnemer: auditLog.actorDeelnemer,
  actingFor: auditLog.actingFor,
  action: auditLog.action,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  before: auditLog.before,
  after: auditLog.after,
};

/** A row of `pageColumns` as the Auditlog screen sees it, its secrets redacted. */
function toView(row: unknown[]): AuditEntryView {
  const [id, at, actor, actorDeelnemer, actingFor, action, subjectType, subjectId, before, after] = row;
  return {
    id: String(id),
    at: isoTimestamp(at),
    actor: actor as string,
    actorDeelnemer: actorDeelnemer as string | null,
    actingFor: actingFor as string | null,
    action: action as string,
    subjectType: subjectType as string,
    subjectId: subjectId as string,
    before: redactSecrets(before),
    after: redactSecrets(after),
  };
}

interface AuditShape {
  actor: boolean;
  action: boolean;
  subjectType: boolean;
  subjectId: boolean;
  from: boolean;
  to: boolean;
  sortDirection: AuditQuery['sortDirection'];
}

/**
 * The statements of one shape. Each equality filter has an index that ends in (at, id) — actor,
 * action, subject (migration 0019, with audit_subject_idx) — so a page walks it newest first and
 * a period is a range on it; without one, audit_at_id_idx.
 */
const statementsOf = perShape((shape: AuditShape): ListStatements<AuditEntryView> => {
  const where = and(
    shape.actor ? eq(auditLog.actor, value('actor')) : undefined,
    shape.action ? eq(auditLog.action, value('action')) : undefined,
    shape.subjectType ? eq(auditLog.subjectType, value('subjectType')) : undefined,
    shape.subjectId ? eq(auditLog.subjectId, value('subjectId')) : undefined,
    shape.from ? gte(auditLog.at, value('from')) : undefined,
    shape.to ? lt(auditLog.at, value('to')) : undefined,
  );
  const direction = shape.sortDirection === 'desc' ? desc : asc;
  const page = statementBuilder
    .select(pageColumns)
    .from(auditLog)
    .where(where)
    .orderBy(direction(auditLog.at), direction(auditLog.id))
    .limit(value('limit'))
    .offset(value('skip'));
  return {
    page: new Statement(page, (rows) => rows.map(toView)),
    counts: [cappedCountStatement(auditLog, where)],
  };
});

/** One page of the audit log and its capped count. */
export function searchAuditLog(db: Parameters<typeof searchList>[0], query: AuditQuery) {
  const shape: AuditShape = {
    actor: Boolean(query.actor),
    action: Boolean(query.action),
    subjectType: Boolean(query.subjectType),
    subjectId: Boolean(query.subjectId),
    from: query.from !== undefined,
    to: query.to !== undefined,
    sortDirection: query.sortDirection,
  };
  return searchList(db, statementsOf(shape), {
    actor: query.actor,
    action: query.action,
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    from: query.from?.toISOString(),
    to: query.to?.toISOString(),
    skip: query.skip,
    limit: query.limit,
  });
}
