import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TERMIJN_HOLIDAY_NOTE,
  TERMIJN_TEXTS,
  apiErrorSchema,
  termijnEditSchema,
  termijnIdParamsSchema,
  termijnInputSchema,
  termijnMailSchema,
  termijnParamsSchema,
  termijnSchema,
  termijnenSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { TermijnenService } from './service';

const tags = ['Termijnen'];
const WHO_CHANGES =
  'For the netbeheerder’s own users with the edit-concept right (`canEditConceptRules`), or a caller with the super role acting for it, audited as such; 403 otherwise (docs/decisions/0029). A name that is no organisation of type Netbeheerder is a 404.';
const WHAT = `A deadline: \`tot\` within \`aantal\` \`eenheid\` (\`werkdagen\` or \`uren\`) after \`van\`, both message types of \`flow\`; \`tot\` may not be a type that creates an order, nor \`van\`. It starts when the \`van\` message is delivered to its receiver and is met by the first \`tot\` message accepted after it; a later \`van\` starts it again. It runs only while the order is in a status that accepts \`tot\` (docs/lifecycle.md). ${TERMIJN_HOLIDAY_NOTE} A deadline in working days ends at midnight (Europe/Amsterdam) after the last one (docs/decisions/0063).`;

export const termijnRoutes: FastifyPluginAsyncZod<{ service: TermijnenService }> = async (app, { service }) => {
  app.get(
    '/rest/termijnen/:netbeheerder',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'A netbeheerder’s order deadlines',
        description: `Its deadlines by flow, \`van\` and \`tot\`, and whether it sends the daily mail about orders past one (\`dagelijkseMail\`). With any business-rules right, for any netbeheerder: they are the terms its contractors work to. 404 '${TERMIJN_TEXTS.netbeheerderNotFound}' for a name that is no netbeheerder.\n\n${WHAT}`,
        params: termijnParamsSchema,
        response: { 200: termijnenSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.get(request.params.netbeheerder),
  );

  app.post(
    '/rest/termijnen/:netbeheerder',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Add an order deadline',
        description: `${WHAT}\n\n${WHO_CHANGES} 409 when the netbeheerder has a deadline for this \`van\` and \`tot\` already.`,
        params: termijnParamsSchema,
        body: termijnInputSchema,
        response: {
          201: termijnSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.params.netbeheerder, request.body)),
  );

  app.put(
    '/rest/termijnen/:netbeheerder/mail',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Switch the daily mail about orders past a deadline',
        description: `Opt-in (off until switched on). Each working day, once, a mail to the e-mail addresses of the active configurations of both parties of every open order of this netbeheerder past one of its deadlines: one mail per party and flow, listing its orders. ${WHO_CHANGES}`,
        params: termijnParamsSchema,
        body: termijnMailSchema,
        response: { 200: termijnenSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      service.setDailyMail(currentUser(request), request.params.netbeheerder, request.body.dagelijkseMail),
  );

  app.put(
    '/rest/termijnen/:netbeheerder/:id',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Change an order deadline',
        description: `\`termijn\` as for a new one; \`basedOn.changed\` the deadline’s \`changed\` as loaded: 409 '${TERMIJN_TEXTS.changed}' when it changed since (docs/decisions/0025), and 409 when the new \`van\` and \`tot\` repeat another deadline’s. ${WHO_CHANGES} 404 for an id that is not one of this netbeheerder’s deadlines.`,
        params: termijnIdParamsSchema,
        body: termijnEditSchema,
        response: {
          200: termijnSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      service.update(currentUser(request), request.params.netbeheerder, request.params.id, request.body),
  );

  app.delete(
    '/rest/termijnen/:netbeheerder/:id',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Remove an order deadline',
        description: `${WHO_CHANGES} 404 for an id that is not one of this netbeheerder’s deadlines. Orders past it are no longer shown as such.`,
        params: termijnIdParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.netbeheerder, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
