import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  runIdParamsSchema,
  runListQuerySchema,
  runListSchema,
  runViewSchema,
  scenarioListSchema,
  startRunSchema,
  acceptedSchema,
  conformityQuerySchema,
  conformityRequirementSchema,
  conformitySchema,
  checkAnswerSchema,
  probeAnswerSchema,
  probeRequestSchema,
  testtoolBerichtSchema,
} from '@knooppunt/domain';
import { currentUser } from '../auth/guard';
import type { ConformityService } from './conformity';
import type { TesttoolMessages } from './messages';
import type { TesttoolService } from './service';

const tags = ['Testtool'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The Testtool's conformance runs (issue 28 item 2, decision 0040). */
export const testtoolRoutes: FastifyPluginAsyncZod<{
  service: TesttoolService;
  messages: TesttoolMessages;
  conformity: ConformityService;
}> = async (app, { service, messages, conformity }) => {
  app.get(
    '/rest/testtool/conformiteit',
    {
      config: { access: { anyOf: ['canSendTesttool', 'canViewConfig', 'canViewUsers'] } },
      schema: {
        tags,
        summary: "A participant's conformity",
        description:
          "Per flow, on the participant's side: when every scenario of the catalogue had passed (the newest of those passes), or which have not passed yet; and whether passed runs are required before a production configuration is activated. The caller's own organisation; any with the super role (403 otherwise).",
        querystring: conformityQuerySchema,
        response: { 200: conformitySchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => conformity.get(currentUser(request), request.query.deelnemer),
  );

  app.put(
    '/rest/testtool/conformiteit',
    {
      config: { access: 'canManageTesttool' },
      schema: {
        tags,
        summary: 'Require passed conformance runs before activation, or not',
        description:
          "With `vereist`, 'Concept activeren' of the participant's production configuration answers 409 naming the scenarios not passed yet, until every scenario of the configuration's flow has passed. Audited.",
        body: conformityRequirementSchema,
        response: { 200: conformitySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => conformity.setRequired(currentUser(request), request.body.deelnemer, request.body.vereist),
  );

  app.post(
    '/rest/testtool/controleren',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: 'Check a message without sending it (Controleren)',
        description:
          "Judges `bericht` exactly as `POST /api/v1/berichten` would for the caller's organisation's test system — schema, business rules, parties, lifecycle against the test environment's orders — and stores nothing. Answers 200 with `geldig`, the status the API would answer and every refusal per field.",
        body: testtoolBerichtSchema,
        response: { 200: checkAnswerSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => messages.check(currentUser(request), request.body.bericht, request.body.deelnemer),
  );

  app.post(
    '/rest/testtool/versturen',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: "Send a message into the test environment as the organisation's system",
        description:
          "As `POST /api/v1/berichten` with a test client of the caller's organisation: the same answers (202, or 400/403/409/422 naming the field). Audited as `testtool.send`.",
        body: testtoolBerichtSchema,
        response: { 202: acceptedSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await messages.send(
            currentUser(request),
            request.body.bericht,
            request.body.idempotencyKey,
            request.body.deelnemer,
          ),
        ),
  );

  app.post(
    '/rest/testtool/proefbericht',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: "Let the simulator send one message to the organisation's own test callback",
        description:
          "With the organisation's newest active test configuration of the type's flow: a token as delivery gets it, then the type's example message POSTed to its callback URL as delivery posts it. Answers the exact request (the bearer token masked) and the answer (status, body with credentials hidden, time), or why the token or the call failed. The message belongs to no order. 404 without a test configuration; 400 naming `type` for an unknown type or one without a callback URL.",
        body: probeRequestSchema,
        response: { 200: probeAnswerSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => messages.probe(currentUser(request), request.body.type, request.body.deelnemer),
  );

  app.get(
    '/rest/testtool/scenarios',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: 'The conformance scenarios',
        description:
          'Generated from the lifecycle table (docs/lifecycle.md): per flow the straight path to gereed, then one scenario per transition no earlier one took. Each step names the side that sends it.',
        response: { 200: scenarioListSchema },
      },
    },
    async () => service.scenarios(),
  );

  app.post(
    '/rest/testtool/runs',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: 'Start a conformance run',
        description:
          "The participant's system plays its organisation's side of the scenario in the test environment (its test client and test configuration); Knooppunt's simulator plays the other. Without `deelnemer` the caller's own organisation; another only with 'Testtool Beheren' (403). 400 naming `scenario` for an unknown one; 422 when the organisation plays no side.",
        body: startRunSchema,
        response: { 201: runViewSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.start(currentUser(request), request.body)),
  );

  app.get(
    '/rest/testtool/runs',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: 'List conformance runs, newest first',
        description:
          "The caller's organisation's runs; with 'Testtool Beheren' every participant's, or those of `deelnemer`.",
        querystring: runListQuerySchema,
        response: { 200: runListSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => service.list(currentUser(request), request.query.deelnemer),
  );

  app.get(
    '/rest/testtool/runs/:id',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: 'A conformance run with its report',
        description:
          "Every step begun with its evidence; `verwacht` says what the participant's system must send now, while the run waits for it. Another participant's run answers 404.",
        params: runIdParamsSchema,
        response: { 200: runViewSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    '/rest/testtool/runs/:id/stop',
    {
      config: { access: 'canSendTesttool' },
      schema: {
        tags,
        summary: 'Stop a conformance run',
        description: '409 when the run is no longer under way.',
        params: runIdParamsSchema,
        response: { 200: runViewSchema, ...errors },
      },
    },
    async (request) => service.stop(currentUser(request), request.params.id),
  );
};
