import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXAMPLE_BERICHTEN,
  IDEMPOTENCY_HEADER,
  acceptedSchema,
  apiErrorSchema,
  berichtEnvelopeSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { InboundService } from './service';

export const inboundRoutes: FastifyPluginAsyncZod<{ service: InboundService }> = async (app, { service }) => {
  app.post(
    '/api/v1/berichten',
    {
      config: { access: 'participant' },
      schema: {
        tags: ['Deelnemers-API'],
        summary: 'Offer a message about an order',
        description: [
          'For participants’ systems (client-credentials token carrying the deelnemer). The sender is the token’s deelnemer, never the body’s.',
          '`data` is the content of the message type (docs/berichten.md). Answers 202 with the message id; the platform then delivers it to the other party of the order.',
          `Send an \`${IDEMPOTENCY_HEADER}\` header (e.g. your message id): the same key twice is accepted once and answers the first id with \`duplicate: true\`.`,
          '400: malformed, naming the field. 403: this participant may not send this type for this order. 409: not allowed in the order’s current status. 422: a TG or AGA message breaks the business rules of the order’s netbeheerder in force (docs/regels.md): one detail per violation, naming the field (`data.meter.fabrikant`); nothing is stored.',
        ].join('\n\n'),
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional() }),
        body: berichtEnvelopeSchema.meta({ examples: Object.values(EXAMPLE_BERICHTEN) }),
        response: {
          202: acceptedSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const accepted = await service.submit(currentUser(request), request.body, request.headers[IDEMPOTENCY_HEADER]);
      return reply.code(202).send(accepted);
    },
  );
};
