import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MONITORING_COUNT_CAP,
  OVERZICHT_SLOTS,
  OVERZICHT_SLOT_MINUTES,
  apiErrorSchema,
  overzichtQuerySchema,
  overzichtSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import { compiledSerializer } from '../../plugins/compiled-serializer';
import type { OverzichtService } from './service';

/** The Overzicht is a monitoring screen: open to Berichten's and Uitval's rights, as their search. */
const MONITORING_OR_UITVAL = { anyOf: ['canViewMonitoring', 'canViewUitval'] } as const;

export const overzichtRoutes: FastifyPluginAsyncZod<{ service: OverzichtService }> = async (app, { service }) => {
  app.get(
    '/rest/management/overzicht',
    {
      config: { access: MONITORING_OR_UITVAL },
      // 576 numbers per receiver: written in one pass, not encoded by zod first.
      serializerCompiler: compiledSerializer,
      schema: {
        tags: ['Berichten'],
        summary: 'Delivery health per receiver over the last 24 hours (Overzicht)',
        description: [
          'One entry per receiver configuration (a participant and versienummer with a sender: its configuration was activated), sorted by receiver and versienummer: `running` (false: sending is paused), `maxMessages` and `maxPerSecond` (its limits: in flight at once, and per second with 0 for none), `waiting` (undelivered messages, counted up to ' +
            `${MONITORING_COUNT_CAP}; past that \`waitingIsLowerBound\` is true), \`oldestWaiting\` (when the oldest waiting message was accepted, or null).`,
          `\`delivered\` and \`failed\` (failed attempts): ${OVERZICHT_SLOTS} points of ${OVERZICHT_SLOT_MINUTES} minutes each, oldest first, the first starting at \`from\` and the last the current, unfinished one. \`p95Ms\`: 95 % of the messages delivered in those 24 hours took at most this long from accepted to delivered (the upper bound of a latency bucket; null when none was delivered; with \`p95IsLowerBound\` more than this). \`alert\`: the receiver's open failure alert, or null.`,
          'Read from the per-minute delivery counters, not from the messages. Query `versienummer` (`2.0` or `h1.0`) limits the answer to one flow.',
          'Without the super role only the caller’s own deelnemer’s entries; the operator’s staff see all (docs/decisions/0010, 0036).',
        ].join('\n\n'),
        querystring: overzichtQuerySchema,
        response: { 200: overzichtSchema, 400: apiErrorSchema },
      },
    },
    async (request) => service.overview(currentUser(request), request.query),
  );
};
