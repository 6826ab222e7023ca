import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  comparedPageSchema,
  compareQuerySchema,
  copyScenarioSchema,
  createScenarioSchema,
  DRAFT,
  lookupSchema,
  patchScenarioSchema,
  publishVersionSchema,
  REGELS_TEXTS,
  scenarioPageSchema,
  scenarioPairSchema,
  scenarioQuerySchema,
  scenarioSchema,
  versionPageSchema,
  versionQuerySchema,
  versionSchema,
  type Permissions,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import { ForbiddenError } from '../../errors';
import type { RegelsService } from './service';

const id = z.object({ id: z.string().min(1).max(64) });
const pair = z.object({ id: z.string().min(1).max(64), compareId: z.string().min(1).max(64) });
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['Bedrijfsregels'];
const READ = 'Right: search rules, or any concept or beheer rules right (canAccessRules).';
const CONCEPT =
  "Concepts need a concept or beheer rules right (canAccessConceptScenarios): without one a concept answers 403 with the message 'Concept scenario's zijn alleen zichtbaar …'.";
const EDIT =
  "Right: edit concept rules, and the scenario's netbeheerder must be the caller's deelnemer, or the caller has the super role and acts for that netbeheerder, audited as such (403 otherwise; decision 0029); only concepts change (409 for a published scenario).";
const FOR =
  "For the caller's own netbeheerder: an organisation of type Netbeheerder (403 otherwise). A caller with the super role acts for the netbeheerder it names in `netbeheerder`: required for it, an existing netbeheerder (400 naming the field otherwise), audited as acting for it. Anyone else naming another organisation gets a 403 (decision 0029). Right: edit concept rules.";

/** Concept scenarios are for the /scenarios rights; published ones for everyone who may search. */
function assertMaySeeConcepts(permissions: Permissions) {
  if (!permissions.canAccessConceptScenarios) throw new ForbiddenError(REGELS_TEXTS.conceptNietZichtbaar);
}

export const regelsRoutes: FastifyPluginAsyncZod<{ service: RegelsService }> = async (app, { service }) => {
  app.get(
    '/rest/lookup',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Reference data of the business rules',
        description:
          'berichtVersies, the seven disciplines, the netbeheerders, the values of the six kinds of work and the effective-date calendar per berichtVersie (data in the table `ingangsdatums`). Right: any signed-in user.',
        response: { 200: lookupSchema },
      },
    },
    async () => service.lookup(),
  );

  app.get(
    '/rest/version',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'List published versions',
        description: `Filters berichtVersie and netbeheerder (equal); 25 a page, omschrijving ascending by default. ${READ}`,
        querystring: versionQuerySchema,
        response: { 200: versionPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.versions(request.query),
  );

  app.post(
    '/rest/version',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Publish a version',
        description: `Copies every concept scenario of the netbeheerder for the berichtVersie into version n+1 with the ingangsdatum, which must be one of the calendar's dates for that berichtVersie (400 otherwise). 409 when there is no concept to publish. The concepts stay editable; the published copies never change. ${FOR}`,
        body: publishVersionSchema,
        response: { 201: versionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.publish(currentUser(request), request.body)),
  );

  app.get(
    '/rest/version/:id/compare/:compareId',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'Compare two versions',
        description: `The scenarios of version id (current) beside those of compareId (compared), matched by discipline and combination of work: verschil toegevoegd (only in id), verwijderd (only in compareId; the other fields are that scenario's), gewijzigd (other obligations) or null. As spec 001 §3: \`_id\` and \`omschrijving\` are pairs [compared, current], null on the side without a scenario; the detail of a row is /rest/rules/{current}/compare/{compared}. The portal passes the newer version (later ingangsdatum, then higher versie) as id, whatever the order of choosing. ${READ}`,
        params: pair,
        querystring: compareQuerySchema,
        response: { 200: comparedPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.compare(request.params.id, request.params.compareId, request.query),
  );

  app.get(
    '/rest/rules',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'List scenarios',
        description: `Filters berichtVersie, discipline, versie ('draft' or a version number), netbeheerder (equal) and omschrijving (contains); 25 a page, omschrijving ascending by default. Every netbeheerder's rules can be read. ${READ} ${CONCEPT} Without a version number the list holds concepts.`,
        querystring: scenarioQuerySchema,
        response: { 200: scenarioPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      if (request.query.versie === undefined || request.query.versie === DRAFT) {
        assertMaySeeConcepts(currentUser(request).permissions);
      }
      return service.search(request.query);
    },
  );

  app.post(
    '/rest/rules',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Create a concept scenario',
        description: `With rule trees from the field catalogue of the discipline (docs/regels.md). 409 when a concept of that netbeheerder, berichtVersie, discipline and combination of work exists. ${FOR}`,
        body: createScenarioSchema,
        response: { 201: scenarioSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    '/rest/rules/:id',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'Get a scenario',
        description: `With its rule trees and 'gelijk': how many scenarios of the same set and discipline have equal rules (itself included). ${READ} ${CONCEPT}`,
        params: id,
        response: { 200: scenarioSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const scenario = await service.get(request.params.id);
      if (scenario.versie === DRAFT) assertMaySeeConcepts(currentUser(request).permissions);
      return scenario;
    },
  );

  app.get(
    '/rest/rules/:id/compare/:compareId',
    {
      config: { access: 'canAccessRules' },
      schema: {
        tags,
        summary: 'Get a scenario with the one it is compared with',
        description: `${READ} ${CONCEPT}`,
        params: pair,
        response: { 200: scenarioPairSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const answer = await service.getPair(request.params.id, request.params.compareId);
      if (answer.scenario.versie === DRAFT || answer.compared.versie === DRAFT) {
        assertMaySeeConcepts(currentUser(request).permissions);
      }
      return answer;
    },
  );

  app.patch(
    '/rest/rules/:id',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: "Change a concept's omschrijving, or one node's obligation",
        description: `Body {omschrijving} or {id, verplichting} ('' | 'Ja' | 'Nee'; a fixed node stays 'Ja'), each with basedOn {changed}: the scenario's \`changed\` exactly as a GET answered it; 409 when the scenario was changed since (optimistic concurrency). ${EDIT}`,
        params: id,
        body: patchScenarioSchema,
        response: { 200: scenarioSchema, ...errors },
      },
    },
    async (request) => service.patch(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/rest/rules/:id',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Copy a scenario into a new concept',
        description: `A new concept with the source's berichtVersie, discipline and rules, a new omschrijving and combination of work. 409 when that concept exists. ${FOR}`,
        params: id,
        body: copyScenarioSchema,
        response: { 201: scenarioSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.copy(currentUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/rest/rules/:id',
    {
      config: { access: 'canEditConceptRules' },
      schema: {
        tags,
        summary: 'Delete a concept scenario',
        description: EDIT,
        params: id,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
