import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createOrganisationSchema,
  organisationActionSchema,
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
          "Name required (at most 200 characters, unique regardless of case; stored NFC; no invisible characters, no mix of scripts, and no look-alike of an existing organisation's name by its UTS #39 skeleton: 400 naming `organisatie`, decision 0053), type one of the creatable types; a Gedelegeerd netbeheerder needs at least one delegerende. Only a user manager who sees every organisation — the operator's own staff or the super role — creates one (403 for a participant's user manager, decision 0014). Audited.",
        body: createOrganisationSchema,
        response: { 201: organisationSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await service.create(currentUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  const activation =
    "Only a user manager who sees every organisation — the operator's own staff or the super role (403 otherwise, decision 0014); an unknown name answers 404. Audited.";

  app.post(
    '/rest/organisations/deactivate',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags: ['Organisaties'],
        summary: "Deactivate an organisation ('Deactiveren')",
        description: `Its users cannot log in and their sessions and tokens end at once; its system clients get no tokens; messages from it or addressed to it are refused with 422 (\`afzender\` or \`ontvanger\`) and a Dutch reason. Its data stays; 'Activeren' undoes it. An organisation of type Beheerder cannot be deactivated (403); 409 when already deactivated. ${activation}`,
        body: organisationActionSchema,
        response: {
          200: organisationSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => service.setActive(currentUser(request), request.body.organisatie, false),
  );

  app.post(
    '/rest/organisations/activate',
    {
      config: { access: 'canCreateUser' },
      schema: {
        tags: ['Organisaties'],
        summary: "Activate an organisation again ('Activeren')",
        description: `Its users log in again (with their passwords; sessions ended at the deactivation stay ended), its systems get tokens again and its messages are accepted. 409 when active. ${activation}`,
        body: organisationActionSchema,
        response: {
          200: organisationSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => service.setActive(currentUser(request), request.body.organisatie, true),
  );
};
