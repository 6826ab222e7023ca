import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageViewSchema, retryMessageSchema, type Flow } from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { MessagesService } from './service';

const RETRY_PATHS: Record<Flow, string> = {
  aansluiting: '/rest/management/message/retry',
  hoofdnet: '/rest/management/message-hoofdnet/retry',
};

export const messageRoutes: FastifyPluginAsyncZod<{ service: MessagesService }> = async (app, { service }) => {
  for (const [flow, url] of Object.entries(RETRY_PATHS) as [Flow, string][]) {
    app.post(
      url,
      {
        config: { access: 'canRetryMessage' },
        schema: {
          tags: ['Berichten'],
          summary: `Resend a ${flow === 'hoofdnet' ? 'Hoofdnet' : 'Aansluiting'} message (Opnieuw verzenden)`,
          description:
            'Makes the undelivered message due now and answers it. Messages of the same order before it still go first. 404 for a message the caller may not see or of the other flow; 409 when it was delivered already.',
          body: retryMessageSchema,
          response: { 200: messageViewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => service.retry(currentUser(request), request.body.id, flow),
    );
  }
};
