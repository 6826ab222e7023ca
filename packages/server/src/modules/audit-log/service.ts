import type { auditSearchSchema } from '@knooppunt/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { searchAuditLog } from './repository';

type SearchBody = z.output<typeof auditSearchSchema>;

export type AuditLogService = ReturnType<typeof createAuditLogService>;

export function createAuditLogService({ db }: { db: Database }) {
  return {
    /** The Auditlog screen's list (decision 0033): every participant's changes; the route admits the super role only. */
    async search(body: SearchBody) {
      const { filters } = body;
      const { items, count, countIsLowerBound } = await searchAuditLog(db, {
        actor: filters.actor,
        action: filters.action,
        subjectType: filters.subjectType,
        subjectId: filters.subjectId,
        from: filters.from ? new Date(filters.from) : undefined,
        to: filters.to ? new Date(filters.to) : undefined,
        skip: body.skip,
        limit: body.limit,
        sortDirection: body.sortDirection ?? 'desc',
      });
      return { items, count, countIsLowerBound, skip: body.skip, limit: body.limit };
    },
  };
}
