import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_REDACTED,
  MAX_PAGE_LIMIT,
  MONITORING_COUNT_CAP,
  apiErrorSchema,
  auditPageSchema,
  auditSearchSchema,
} from '@knooppunt/domain';
import type { AuditLogService } from './service';

export const auditLogRoutes: FastifyPluginAsyncZod<{ service: AuditLogService }> = async (app, { service }) => {
  app.post(
    '/rest/audit/search',
    {
      config: { access: 'canViewAuditLog' },
      schema: {
        tags: ['Auditlog'],
        summary: 'Search the audit log',
        description: [
          'Every audited change: who (`actor`, its `actorDeelnemer`, and `actingFor` when the super role acted for a netbeheerder), when (`at`), the `action`, the subject (`subjectType`, `subjectId`) and the state `before` and `after`. Only for the super role (docs/decisions/0033).',
          'Filters: `actor` (equal), `action` (equal), `subjectType` (equal), `subjectId` (equal), `from` and `to` (ISO 8601 date-times with offset: at or after `from`, before `to`; `to` before `from` is a 400). Empty texts filter nothing; a filter name given twice is a 400.',
          `Sort: \`at\`, newest first by default (\`sortDirection: 'asc'\` for oldest first); ties by id. Paging: \`limit\` 1 to ${MAX_PAGE_LIMIT}. \`count\` counts up to ${MONITORING_COUNT_CAP}; past that it is ${MONITORING_COUNT_CAP} with \`countIsLowerBound: true\`.`,
          `Secrets never leave the server: in \`before\` and \`after\` every value under a secret's name (client secret, password, token, key) and every token-shaped text reads \`'${AUDIT_REDACTED}'\`.`,
        ].join('\n\n'),
        body: auditSearchSchema,
        response: { 200: auditPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.search(request.body),
  );
};
