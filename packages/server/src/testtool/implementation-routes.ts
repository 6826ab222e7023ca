import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  implementationLinkBodySchema,
  implementationLinkListSchema,
  implementationLinkQuerySchema,
  implementationLinkSchema,
} from '@knooppunt/domain';
import { currentUser } from '../auth/guard';
import type { ImplementationPartners } from './implementation-partners';

const tags = ['Implementatiepartners'];

/** Which participants an implementation partner implements for (issue 28 item 4, decision 0041). */
export const implementationPartnerRoutes: FastifyPluginAsyncZod<{ partners: ImplementationPartners }> = async (
  app,
  { partners },
) => {
  app.get(
    '/rest/implementatiepartners',
    {
      config: { access: { anyOf: ['canViewUsers', 'canSendTesttool'] } },
      schema: {
        tags,
        summary: 'Implementation partners and the participants they implement for',
        description:
          "The links of `organisatie` (as partner or as participant); without it the caller's own organisation's, or every link for the super role. Another organisation's only for the super role (403).",
        querystring: implementationLinkQuerySchema,
        response: { 200: implementationLinkListSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => partners.list(currentUser(request), request.query.organisatie),
  );

  app.post(
    '/rest/implementatiepartners',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: 'Link an implementation partner to a participant',
        description:
          "By the super role's user manager ('Gebruikers Beheren'), or by the participant's own user manager for its own organisation (403 otherwise). 422 naming `partner` when it is no organisation of type Implementatie partner, `deelnemer` when it is no netbeheerder, gedelegeerd netbeheerder, aannemer or combi; 409 when linked already. Audited.",
        body: implementationLinkBodySchema,
        response: {
          201: implementationLinkSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await partners.link(currentUser(request), request.body.partner, request.body.deelnemer)),
  );

  app.delete(
    '/rest/implementatiepartners/:partner/:deelnemer',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags,
        summary: 'Unlink an implementation partner from a participant',
        description: 'The same rights as linking; 404 when not linked. Audited.',
        params: implementationLinkBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await partners.unlink(currentUser(request), request.params.partner, request.params.deelnemer);
      return reply.code(204).send(null);
    },
  );
};
