import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createOrganisationSchema,
  organisationPageSchema,
  organisationSchema,
  organisationSearchSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { OrganisationsService } from './service';

export const organisationRoutes: FastifyPluginAsyncZod<{ service: OrganisationsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/rest/organisations/search',
    {
      config: { access: 'canViewUsers' },
      schema: {
        tags: ['Organisaties'],
        summary: 'Search organisations',
        description:
          'Filters `organisatie` (contains, case-insensitive) and `type` (equal). Sorted by organisatie ascending unless `sortBy` says otherwise. `limit: 0` answers all rows.',
        body: organisationSearchSchema,
        response: { 200: organisationPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.search(request.body),
  );

  app.post(
    '/rest/organisations',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags: ['Organisaties'],
        summary: 'Create an organisation',
        description:
          "Name required (at most 200 characters, unique regardless of case), type one of the creatable types; a Gedelegeerd netbeheerder needs at least one delegerende. Only a user manager who sees every organisation — the operator's own staff or the super role — creates one (403 for a participant's user manager, decision 0014). Audited.",
        body: createOrganisationSchema,
        response: { 201: organisationSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await service.create(currentUser(request), request.body);
      return reply.code(201).send(created);
    },
  );
};
