import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createWaardenlijstSchema,
  patchWaardeSchema,
  waardenlijstPageSchema,
  waardenlijstParamsSchema,
  waardenlijstQuerySchema,
  waardenlijstSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { WaardenlijstenService } from './service';

const tags = ['Waardenlijsten'];
const OWNER_ONLY =
  'Only for a list of the caller’s own netbeheerder (deelnemer), or by a caller with the super role acting for the list’s netbeheerder, audited as such; 403 otherwise (decision 0029).';

export const waardenlijstRoutes: FastifyPluginAsyncZod<{ service: WaardenlijstenService }> = async (
  app,
  { service },
) => {
  app.get(
    '/rest/waardenlijst',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'List the value lists',
        description:
          'Every netbeheerder’s lists, without their trees. Filters `netbeheerder` and `discipline` (equal). Sorted by netbeheerder ascending unless `sortBy` says otherwise; 25 a page unless `limit` says otherwise.',
        querystring: waardenlijstQuerySchema,
        response: { 200: waardenlijstPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/rest/waardenlijst',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Create a value list',
        description:
          'For the caller’s own netbeheerder, which must be an organisation of type Netbeheerder (403 otherwise). A caller with the super role acts for the netbeheerder it names in `netbeheerder`: required for it, an existing netbeheerder (400 naming the field otherwise), audited as acting for it; anyone else naming another organisation gets a 403 (decision 0029). The trees hold every field of the discipline that has values, each value allowed; the omschrijving is `Waardenlijst {discipline} {berichtVersie} van {netbeheerder}`. 409 when the netbeheerder has a list for this berichtVersie and discipline already.',
        body: createWaardenlijstSchema,
        response: { 201: waardenlijstSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    '/rest/waardenlijst/:id',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'Get a value list',
        description: 'The list with its Technisch Gereed and Administratief Gereed Assets trees.',
        params: waardenlijstParamsSchema,
        response: { 200: waardenlijstSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.patch(
    '/rest/waardenlijst/:id',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Allow or disallow a value',
        description: `Sets \`toegestaan\` of the value \`waarde\` of the node \`id\`; answers the whole list. 400 naming the field when the list has no such node or the node no such value. ${OWNER_ONLY}`,
        params: waardenlijstParamsSchema,
        body: patchWaardeSchema,
        response: { 200: waardenlijstSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.setWaarde(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/waardenlijst/:id',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Delete a value list',
        description: OWNER_ONLY,
        params: waardenlijstParamsSchema,
        response: { 204: z.null(), 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
