import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEVERING_ERROR_STATUS,
  MAX_PAGE_LIMIT,
  MONITORING_COUNT_CAP,
  apiErrorSchema,
  leveringPageSchema,
  leveringSearchSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import { compiledSerializer } from '../../plugins/compiled-serializer';
import type { LeveringenService } from './service';

export const leveringRoutes: FastifyPluginAsyncZod<{ service: LeveringenService }> = async (app, { service }) => {
  app.post(
    '/rest/management/levering/search',
    {
      config: { access: 'canViewMonitoring' },
      serializerCompiler: compiledSerializer,
      schema: {
        tags: ['Leveringen'],
        summary: 'Search leveringen (Hoofdnet)',
        description: [
          `Filters: \`opdrachtId\` (equal), \`opdrachtgever\` (equal), \`opdrachtnemer\` (equal), \`status\`: \`'${LEVERING_ERROR_STATUS}'\` (the error-only toggle: leveringen of orders in error, status 'error' in the order overview). Empty texts filter nothing; a filter name given twice is a 400.`,
          'Sorts: `changed` (default, descending), `created`; a `sortBy` without `sortDirection` is ascending. Ties by leveringId.',
          `Paging: \`limit\` 1 to ${MAX_PAGE_LIMIT}. \`count\` counts up to ${MONITORING_COUNT_CAP}; past that it is ${MONITORING_COUNT_CAP} with \`countIsLowerBound: true\` (the paging label's 'meer dan').`,
          'Without the super role only leveringen in which the caller’s own deelnemer is opdrachtgever or opdrachtnemer (docs/decisions/0010).',
        ].join('\n\n'),
        body: leveringSearchSchema,
        response: { 200: leveringPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.search(currentUser(request), request.body),
  );
};
