import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_PAGE_LIMIT,
  MONITORING_COUNT_CAP,
  apiErrorSchema,
  bulkRetryCountSchema,
  BULK_RETRY_MAX_RUNNING,
  bulkRetryJobListSchema,
  bulkRetryJobParamsSchema,
  bulkRetryJobSchema,
  messagePageSchema,
  messageSearchSchema,
  messageViewSchema,
  monitoringValuelistQuerySchema,
  monitoringValuelistSchema,
  retryMessageSchema,
  type Flow,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import { compiledSerializer } from '../../plugins/compiled-serializer';
import { TooManyBulkRetryJobs } from './bulk-retry-admission';
import type { MessagesService } from './service';

const RETRY_PATHS: Record<Flow, string> = {
  aansluiting: '/rest/management/message/retry',
  hoofdnet: '/rest/management/message-hoofdnet/retry',
};

/** Berichten (monitoring) and Uitval share the search and the value list (spec 001 §7). */
const MONITORING_OR_UITVAL = { anyOf: ['canViewMonitoring', 'canViewUitval'] } as const;

export const messageRoutes: FastifyPluginAsyncZod<{ service: MessagesService }> = async (app, { service }) => {
  app.post(
    '/rest/management/message/search',
    {
      config: { access: MONITORING_OR_UITVAL },
      serializerCompiler: compiledSerializer,
      schema: {
        tags: ['Berichten'],
        summary: 'Search messages (Berichten, Uitval)',
        description: [
          'With `canViewUitval` but without `canViewMonitoring` only the Uitval lists: the filter `isInError: true` is then required (403 otherwise).',
          "Filters: `versienummer` (required; `'h1.0'` = equal to h1.0, the Hoofdnet messages; `'!h1.0'` = not equal to h1.0, the Aansluiting messages), `opdrachtId` (equal), `failedAttempts` (a number: at least that many failed attempts; `1` is the error-only toggle), `sender` (equal), `receiver` (equal), `type` (a list: one of these types), `isInError` (`true`: failed at least once and not delivered — the Uitval lists). Empty texts and lists filter nothing; a filter name given twice is a 400.",
          'Sorts: `nextAttempt` (default; a delivered message has none and sorts after all others ascending, before them descending), `created`, `opdrachtId` (default with `isInError: true`), each ascending by default, ties in arrival order. A message made due by ‘Alles opnieuw versturen’ shows its order head’s due time as `nextAttempt` at once, but sorts on its earlier next attempt until it is attempted (docs/decisions/0034).',
          `Paging: \`limit\` 1 to ${MAX_PAGE_LIMIT}. \`count\` counts up to ${MONITORING_COUNT_CAP}; past that it is ${MONITORING_COUNT_CAP} with \`countIsLowerBound: true\` (the paging label's 'meer dan').`,
          'Without the super role only messages the caller’s own deelnemer sent or receives (docs/decisions/0010).',
          'Retention (RETENTION_DAYS, docs/decisions/0032): a delivered message of a finished order loses its payload after that many days; its `data` is then `{}` and `dataRemoved` says when and after how many days (otherwise `null`).',
        ].join('\n\n'),
        body: messageSearchSchema,
        response: { 200: messagePageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => service.search(currentUser(request), request.body),
  );

  app.get(
    '/rest/management/valuelist',
    {
      config: { access: MONITORING_OR_UITVAL },
      serializerCompiler: compiledSerializer,
      schema: {
        tags: ['Berichten'],
        summary: 'Senders and receivers of a flow (filter choices of Berichten and Uitval)',
        description:
          "`versienummer`: `2` (or `2.0`) for Aansluiting, `h` (or `h1.0`) for Hoofdnet. Answers the deelnemers that occur as sender and as receiver in that flow's messages, ascending. These are participant names, not message data: every caller gets the whole list (docs/decisions/0010).",
        querystring: monitoringValuelistQuerySchema,
        response: { 200: monitoringValuelistSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.valuelist(request.query),
  );

  for (const [flow, url] of Object.entries(RETRY_PATHS) as [Flow, string][]) {
    app.post(
      url,
      {
        config: { access: 'canRetryMessage' },
        schema: {
          tags: ['Berichten'],
          summary: `Resend a ${flow === 'hoofdnet' ? 'Hoofdnet' : 'Aansluiting'} message (Opnieuw verzenden)`,
          description:
            'Makes an undelivered message due now and answers it; messages of the same order before it still go first. A delivered message is sent again (spec 000 §2): it goes behind the messages of its order still waiting and reaches the receiver with the same Idempotency-Key as its first delivery (its id), its failed attempts counted from 0 again and its last error kept. 404 for a message the caller may not see or of the other flow; 409 when it was delivered, or sent again by someone else, at the same moment, or when its order is being cancelled while a message of it is in flight, or when retention removed its payload (docs/decisions/0032).',
          body: retryMessageSchema,
          response: { 200: messageViewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => service.retry(currentUser(request), request.body.id, flow),
    );
  }

  const BULK_FILTERS =
    "The body of the message search (its `filters`; paging and sort are ignored): the undelivered messages matching them, each flow by its `versienummer` filter. Needs `canRetryMessage`; with `canViewUitval` but without `canViewMonitoring` the filter `isInError: true` is required (403 otherwise). Without the super role only messages the caller's own deelnemer sent or receives (docs/decisions/0010).";

  app.post(
    '/rest/management/message/bulk-retry/count',
    {
      config: { access: 'canRetryMessage' },
      schema: {
        tags: ['Berichten'],
        summary: "How many messages 'Alles opnieuw versturen' would resend",
        description: `${BULK_FILTERS}\n\nAnswers the exact count, for the confirm dialog ('{n} berichten opnieuw versturen?'). Changes nothing.`,
        body: messageSearchSchema,
        response: { 200: bulkRetryCountSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => service.bulkRetryCount(currentUser(request), request.body),
  );

  app.post(
    '/rest/management/message/bulk-retry',
    {
      config: { access: 'canRetryMessage', recentLogin: true },
      schema: {
        tags: ['Berichten'],
        summary: 'Resend every undelivered message matching the filters (Alles opnieuw versturen)',
        description: `${BULK_FILTERS}\n\nStarts one job and answers it at once (202): \`total\` undelivered messages matched (those accepted until now; later ones are due anyway). The server makes them due now in batches, as 'Opnieuw verzenden' does for one: messages of the same order before them still go first. Follow the job with GET …/bulk-retry/{id}: \`done\` made due, \`skipped\` delivered or removed meanwhile, \`failed\` not done because the job failed; \`state\` running, finished or failed. Audited as one action (message.bulk-retry) with the filters and the count (docs/decisions/0034).\n\nOne organisation (a participant, or the one it is acted for; the platform's own staff are one) runs at most ${BULK_RETRY_MAX_RUNNING} jobs at once: one more is a 429 with Retry-After. While a job over the same messages runs — the same flow and filters, however written: empty filters, the order of types, and \`isInError: true\` against \`failedAttempts: 1\` do not count — a second is a 409.`,
        body: messageSearchSchema,
        response: {
          202: bulkRetryJobSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return await reply.code(202).send(await service.bulkRetryStart(currentUser(request), request.body));
      } catch (error) {
        if (error instanceof TooManyBulkRetryJobs) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
    },
  );

  app.get(
    '/rest/management/message/bulk-retry',
    {
      config: { access: 'canRetryMessage' },
      schema: {
        tags: ['Berichten'],
        summary: 'The running Alles opnieuw versturen jobs of your organisation',
        description:
          "The jobs still running of the caller's organisation, oldest first, each as GET …/bulk-retry/{id} answers it: a screen that opens shows their progress. A participant's users see its jobs, an implementation partner's user acting for it (x-namens-deelnemer) too; the platform's own staff and the super role the jobs over every participant's messages. Needs `canRetryMessage`.",
        response: { 200: bulkRetryJobListSchema },
      },
    },
    async (request) => service.bulkRetryRunning(currentUser(request)),
  );

  app.get(
    '/rest/management/message/bulk-retry/:id',
    {
      config: { access: 'canRetryMessage' },
      schema: {
        tags: ['Berichten'],
        summary: 'Progress of an Alles opnieuw versturen job',
        description:
          "The job as POST …/bulk-retry answered it, with its progress. Only for its organisation's users (as GET …/bulk-retry lists them) and the super role: 404 for anyone else, as for a job that does not exist.",
        params: bulkRetryJobParamsSchema,
        response: { 200: bulkRetryJobSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.bulkRetryJob(currentUser(request), request.params.id),
  );
};
