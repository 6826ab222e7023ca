import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PAGE_LIMIT,
  MONITORING_COUNT_CAP,
  OPDRACHT_FINISHED_THRESHOLD,
  apiErrorSchema,
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
