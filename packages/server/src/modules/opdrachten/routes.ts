import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PAGE_LIMIT,
  MONITORING_COUNT_CAP,
  OPDRACHT_FINISHED_THRESHOLD,
  OPDRACHT_TEXTS,
  apiErrorSchema,
  opdrachtHistorySchema,
  opdrachtIdParamsSchema,
  opdrachtPageSchema,
  opdrachtSearchSchema,
  opdrachtViewSchema,
  type Flow,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import { compiledSerializer } from '../../plugins/compiled-serializer';
import type { OpdrachtenService } from './service';

const SEARCH_PATHS: Record<Flow, string> = {
  aansluiting: '/rest/management/opdracht/search',
  hoofdnet: '/rest/management/opdracht-hoofdnet/search',
};

const searchDescription = (flow: Flow) =>
  [
    `The ${flow === 'hoofdnet' ? "Hoofdnet orders (versienummer 'h1.0'); they carry `type` and `planStatusText`" : "Aansluiting orders (versienummer not 'h1.0')"}.`,
    `Filters: \`opdrachtId\` (equal), \`opdrachtgever\` (equal), \`opdrachtnemer\` (equal), \`status\`: \`Open\` (below ${OPDRACHT_FINISHED_THRESHOLD}), \`Afgerond\` (${OPDRACHT_FINISHED_THRESHOLD} and above), \`Error\` (orders in error, shown with status 'error'; they count as neither Open nor Afgerond), \`Alle\` (also when absent; the screens start on Open). Empty texts filter nothing; a filter name given twice is a 400.`,
    'Sorts: `changed` (default, descending), `created`, `opdrachtId`; a `sortBy` without `sortDirection` is ascending. Ties by opdrachtId.',
    `Paging: \`limit\` 1 to ${MAX_PAGE_LIMIT}. \`count\` counts up to ${MONITORING_COUNT_CAP}; past that it is ${MONITORING_COUNT_CAP} with \`countIsLowerBound: true\` (the paging label's 'meer dan').`,
    'Without the super role only orders in which the caller’s own deelnemer is opdrachtgever or opdrachtnemer (docs/decisions/0010).',
  ].join('\n\n');

export const opdrachtRoutes: FastifyPluginAsyncZod<{ service: OpdrachtenService }> = async (app, { service }) => {
  for (const [flow, url] of Object.entries(SEARCH_PATHS) as [Flow, string][]) {
    app.post(
      url,
      {
        config: { access: 'canViewMonitoring' },
        serializerCompiler: compiledSerializer,
        schema: {
          tags: ['Opdrachten'],
          summary: `Search ${flow === 'hoofdnet' ? 'Hoofdnet' : 'Aansluiting'} orders`,
          description: searchDescription(flow),
          body: opdrachtSearchSchema,
          response: { 200: opdrachtPageSchema, 400: apiErrorSchema },
        },
      },
      async (request) => service.search(currentUser(request), flow, request.body),
    );
  }

  app.get(
    '/rest/opdrachten/:opdrachtId/historie',
    {
      config: { access: 'canViewMonitoring' },
      serializerCompiler: compiledSerializer,
      schema: {
        tags: ['Opdrachten'],
        summary: 'The history of an order (both flows)',
        description: [
          'The order as it is now (`status` numeric, `inError` beside it; Hoofdnet with `type` and `planStatusText`), then `berichten`: every message of the order in the order Knooppunt accepted them, each with its delivery state (`created` accepted, `deliveredAt`, `failedAttempts`, `lastAttempt`, `nextAttempt`, the last error `err`), the message itself (`data`, `{}` with `dataRemoved` once retention removed it) and the status the order had right after it (`status`, `statusText`, `planStatusText`: the lifecycle of docs/lifecycle.md replayed; null where it cannot be derived, such as an assessment whose payload was removed).',
          '`leveringen`: the Hoofdnet order’s leveringen, oldest first (empty for Aansluiting). `acties`: the manual actions from the audit log, oldest first: the cancel (`opdracht.cancel`), the resend of one of its messages (`message.retry`, `message.resend`) and a bulk resend (`message.bulk-retry`) whose filters covered one of them, with `berichten` the ids of the messages concerned. `actor` names the user for the super role (who may read the audit log) and the user’s organisation for anyone else (docs/decisions/0059).',
          `With the right of the Opdrachten lists (\`canViewMonitoring\`). Without the super role only an order in which the caller’s own deelnemer is opdrachtgever or opdrachtnemer (docs/decisions/0010): another participant’s order is answered exactly as an unknown one, 404 '${OPDRACHT_TEXTS.notFound}'. An \`opdrachtId\` that is empty or longer than 64 characters, or holds a character PostgreSQL cannot store, is a 400 naming the field.`,
        ].join('\n\n'),
        params: opdrachtIdParamsSchema,
        response: { 200: opdrachtHistorySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.history(currentUser(request), request.params.opdrachtId),
  );

  app.patch(
    '/rest/management/opdracht/cancel/:opdrachtId',
    {
      config: { access: 'canCancelOpdracht', recentLogin: true },
      schema: {
        tags: ['Opdrachten'],
        summary: 'Cancel an order by hand',
        description:
          'Sets the status to 990 with statusText "Opdracht handmatig geannuleerd" and deletes every message of the order still to be sent, in one transaction. Messages being delivered at that moment stay until the delivery is recorded: those delivered are kept as delivered, the rest are deleted then. 409 for an order in status 910 or 990; 404 for an unknown order.',
        params: z.object({ opdrachtId: z.string().min(1).max(64) }),
        response: { 200: opdrachtViewSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => service.cancel(currentUser(request), request.params.opdrachtId),
  );
};
