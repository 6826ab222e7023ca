import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  configKeySchema,
  patchSenderSchema,
  senderLogEntrySchema,
  senderQuerySchema,
  senderSchema,
  useNewestSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { Access } from '../../auth/guard';
import type { SendersService } from './service';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['Verzendproces'];

/**
 * `manageAccess`: who may switch, pause, resume or limit a sender — production: `canCreateConfig`
 * (the operator); the test environment: `canCreateDraft`, a participant its own (decision 0038).
 */
export const senderRoutes: FastifyPluginAsyncZod<{ service: SendersService; manageAccess?: Access }> = async (
  app,
  { service, manageAccess = 'canCreateConfig' },
) => {
  app.get(
    '/rest/management/message-sender',
    {
      config: { access: 'canViewConfig' },
      schema: {
        tags,
        summary: 'List the senders',
        description: 'Optionally for one version number (`2.0` Aansluiting, `h1.0` Hoofdnet).',
        querystring: senderQuerySchema,
        response: { 200: z.array(senderSchema), 400: apiErrorSchema },
      },
    },
    async (request) => service.list(currentUser(request), request.query.versienummer),
  );

  app.put(
    '/rest/management/message-sender',
    {
      config: { access: manageAccess },
      schema: {
        tags,
        summary: 'Use the newest configuration',
        description:
          'The sender runs with the newest active version (created when there was none). `version` is the newest version the caller saw: 409 when another is newest meanwhile or when the sender uses it already; 404 without an active configuration.',
        body: useNewestSchema,
        response: { 200: senderSchema, ...errors },
      },
    },
    async (request) => service.useNewest(currentUser(request), request.body),
  );

  app.patch(
    '/rest/management/message-sender',
    {
      config: { access: manageAccess },
      schema: {
        tags,
        summary: 'Pause or resume sending, or set the maximum number of concurrent messages or messages per second',
        description:
          'Exactly one of `running`, `maxMessages` (0 to 5: messages in flight at once) and `maxPerSecond` (0 to 1000 messages per second to this receiver configuration over every worker process, evenly spaced; 0 is no limit; a new value holds within a second, decision 0050). Every change is written to the sending log and audited.',
        body: patchSenderSchema,
        response: { 200: senderSchema, ...errors },
      },
    },
    async (request) => {
      const { deelnemer, versienummer, running, maxMessages, maxPerSecond } = request.body;
      const change =
        running !== undefined
          ? { running }
          : maxMessages !== undefined
            ? { maxMessages }
            : { maxPerSecond: maxPerSecond ?? 0 };
      return service.change(currentUser(request), { deelnemer, versienummer, ...change });
    },
  );

  app.get(
    '/rest/management/message-sender/log',
    {
      config: { access: 'canViewConfig' },
      schema: {
        tags,
        summary: 'The sending log of one sender',
        description: 'Every state the sender has had, newest first.',
        querystring: configKeySchema,
        response: { 200: z.array(senderLogEntrySchema), ...errors },
      },
    },
    async (request) => service.log(currentUser(request), request.query),
  );
};
