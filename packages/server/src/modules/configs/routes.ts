import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  configKeySchema,
  configPageSchema,
  configSearchSchema,
  configVersionKeySchema,
  configViewSchema,
  createConfigSchema,
  updateConfigSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { Access } from '../../auth/guard';
import type { ConfigsService } from './service';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['Configuraties'];

/**
 * `activateAccess`: who may activate a draft — production: `canCreateConfig` (the operator); the
 * test environment: `canCreateDraft`, so that a participant puts its own test configuration live
 * (decision 0038; the service keeps a participant to its own).
 */
export const configRoutes: FastifyPluginAsyncZod<{ service: ConfigsService; activateAccess?: Access }> = async (
  app,
  { service, activateAccess = 'canCreateConfig' },
) => {
  app.post(
    '/rest/management/config/search',
    {
      config: { access: 'canViewConfig' },
      schema: {
        tags,
        summary: 'Search configurations',
        description:
          'Per participant and version number the newest active version and the draft, if any; active rows carry their sender. Filters `deelnemer` (contains, case-insensitive) and `versienummer` (equal: `2.0` Aansluiting, `h1.0` Hoofdnet). Default sort: created ascending. Without the super role only the caller’s own participant is listed.',
        body: configSearchSchema,
        response: { 200: configPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { filters, skip, limit, sortBy, sortDirection } = request.body;
      const text = (name: string) => {
        const value = filters.find((filter) => filter.name === name)?.value;
        return typeof value === 'string' && value.trim() ? value.trim() : undefined;
      };
      return service.search(currentUser(request), {
        deelnemerContains: text('deelnemer'),
        versienummer: text('versienummer'),
        skip,
        limit,
        sortBy: sortBy ?? 'created',
        sortDirection: sortDirection ?? 'asc',
      });
    },
  );

  app.get(
    '/rest/management/config',
    {
      config: { access: 'canViewConfig' },
      schema: {
        tags,
        summary: 'Get one configuration version',
        description: 'The client secret is never returned; `clientSecretSet` says whether one is stored.',
        querystring: configVersionKeySchema,
        response: { 200: configViewSchema, ...errors },
      },
    },
    async (request) => service.get(currentUser(request), request.query),
  );

  app.post(
    '/rest/management/config',
    {
      config: { access: 'canCreateDraft' },
      schema: {
        tags,
        summary: 'Create a configuration (as a draft)',
        description:
          'Spaces in the participant name become underscores. Without `canCreateConfig` only for the caller’s own participant (403 otherwise). 409 when the participant already has a configuration for this version number.',
        body: createConfigSchema,
        response: { 201: configViewSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.put(
    '/rest/management/config',
    {
      config: { access: 'canCreateDraft' },
      schema: {
        tags,
        summary: 'Update a configuration (into its draft)',
        description:
          'Saves into the draft; when there is none, a new draft version is made after the newest version. Active versions never change. An absent or empty `clientSecret` keeps the stored secret. `basedOn` names the version the edit builds on (`version` and `updated` exactly as a GET answered them): 409 when the newest version of the pair is another one, or was changed since (optimistic concurrency; load it again and redo the edit). Without `canCreateConfig` only for the caller’s own participant (403 otherwise).',
        body: updateConfigSchema,
        response: { 200: configViewSchema, ...errors },
      },
    },
    async (request) => service.update(currentUser(request), request.body),
  );

  app.patch(
    '/rest/management/config',
    {
      config: { access: activateAccess },
      schema: {
        tags,
        summary: 'Activate the draft (Concept activeren)',
        description:
          'The draft becomes the newest active version; the previous versions are kept. 409 without a draft.',
        body: configKeySchema,
        response: { 200: configViewSchema, ...errors },
      },
    },
    async (request) => service.activate(currentUser(request), request.body),
  );
};
