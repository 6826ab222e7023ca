import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, opdrachtViewSchema } from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { OpdrachtenService } from './service';

export const opdrachtRoutes: FastifyPluginAsyncZod<{ service: OpdrachtenService }> = async (app, { service }) => {
  app.patch(
    '/rest/management/opdracht/cancel/:opdrachtId',
    {
      config: { access: 'canCancelOpdracht' },
      schema: {
        tags: ['Opdrachten'],
        summary: 'Cancel an order by hand',
        description:
          'Sets the status to 990 with statusText "Opdracht handmatig geannuleerd" and deletes every message of the order still to be sent, in one transaction. 409 for an order in status 910 or 990; 404 for an unknown order.',
        params: z.object({ opdrachtId: z.string().min(1).max(64) }),
        response: { 200: opdrachtViewSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => service.cancel(currentUser(request), request.params.opdrachtId),
  );
};
