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
import type { Omgeving } from '@knooppunt/domain';
import type { AuthUser } from '../../auth/verifier';
import { AppError } from '../../errors';
import type { InboundService } from './service';

/** One accepting service per environment: a test client's messages go to the test environment's (decision 0038). */
export const inboundRoutes: FastifyPluginAsyncZod<{
  services: Record<Omgeving, InboundService>;
  /** A test message refused: the Testtool keeps it as evidence of a run (decision 0040). */
  onTestRefusal?: (system: AuthUser, bericht: unknown, error: AppError) => Promise<void>;
}> = async (app, { services, onTestRefusal }) => {
  app.post(
    '/api/v1/berichten',
    {
      config: { access: 'participant' },
      schema: {
        tags: ['Deelnemers-API'],
        summary: 'Offer a message about an order',
        description: [
          'For participants’ systems: a client-credentials token carrying the deelnemer and the system claim (`OIDC_SYSTEM_CLAIM`, by default the scope `knooppunt:systeem`); a portal user’s token is refused (403), and a system’s token opens no other route. The sender is the token’s deelnemer, never the body’s.',
          'Who may send what (docs/decisions/0015): the sender’s organisation decides its side — a Netbeheerder or Gedelegeerd netbeheerder sends the opdrachtgever’s types, an Aannemer or Combi the opdrachtnemer’s. An order (`Opdracht`, `OpdrachtHoofdnet`) goes to a registered Aannemer or Combi named exactly in `data.opdrachtnemer`; a Gedelegeerd netbeheerder names in `data.opdrachtgever` one of the grid operators it acts for, a Netbeheerder at most itself.',
          '`data` is the content of the message type (docs/berichten.md). Answers 202 with the message id; the platform then delivers it to the other party of the order.',
          'A test client’s token (the environment claim `omgeving: test`, decision 0038) sends into the test environment: the same checks, but its orders and messages are apart from production’s and are delivered to the test configurations only.',
          `Send an \`${IDEMPOTENCY_HEADER}\` header, a key of your own for each message (e.g. your message id); optional, but without it a retry after a time-out or a 5xx may store the message twice. The same key with the same message again is accepted once and answers the first id with \`duplicate: true\` — the same message meaning the same JSON (type, versienummer, opdrachtId and data; key order and whitespace do not count). The same key with another message is refused: 422 naming \`Idempotency-Key\`, nothing stored. A key stays taken as long as its message is kept (docs/decisions/0047).`,
          '400: malformed, naming the field. 403: a party of the order on the wrong side for this type. 409: no such order — also when the order is another participant’s, with the same text, so ids cannot be probed — or the type is not allowed in the order’s current status, or an order with this id exists. 422, nothing stored: the idempotency key was used before for another message (`Idempotency-Key`); the sender’s organisation is unknown or does not send this type (`afzender`); an order’s receiver is unknown, misspelled or no Aannemer or Combi (`data.opdrachtnemer`); the opdrachtgever named is not the sender or, for a delegated grid operator, none of its grid operators (`data.opdrachtgever`); or a TG or AGA message of the order’s opdrachtnemer breaks the business rules of the order’s netbeheerder in force (docs/regels.md): one detail per violation, naming the field (`data.meter.fabrikant`).',
          '503 with `Retry-After` (seconds): Knooppunt cannot reach its database for a moment (decision 0048); send the same message again with the same Idempotency-Key after that time. A 503 is never a judgement of the message.',
        ].join('\n\n'),
        headers: z.object({
          [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional().meta({
            description:
              'Optional, strongly recommended: a key of your own per message. The same key with the same message answers the first id (`duplicate: true`); with another message 422.',
          }),
        }),
        body: berichtEnvelopeSchema.meta({ examples: Object.values(EXAMPLE_BERICHTEN) }),
        response: {
          202: acceptedSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const system = currentUser(request);
      try {
        const accepted = await services[system.omgeving].submit(
          system,
          request.body,
          request.headers[IDEMPOTENCY_HEADER],
        );
        return reply.code(202).send(accepted);
      } catch (error) {
        if (system.omgeving === 'test' && onTestRefusal && error instanceof AppError) {
          await onTestRefusal(system, request.body, error).catch((failure: unknown) =>
            request.log.warn({ err: failure }, 'recording a refusal for the Testtool failed'),
          );
        }
        throw error;
      }
    },
  );
};
