import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  runIdParamsSchema,
  runListQuerySchema,
  runListSchema,
  runViewSchema,
  scenarioListSchema,
  startRunSchema,
} from '@knooppunt/domain';
import { currentUser } from '../auth/guard';
import type { TesttoolService } from './service';

const tags = ['Testtool'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The Testtool's conformance runs (issue 28 item 2, decision 0040). */
export const testtoolRoutes: FastifyPluginAsyncZod<{ service: TesttoolService }> = async (app, { service }) => {
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
