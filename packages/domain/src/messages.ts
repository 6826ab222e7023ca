import { z } from 'zod';
import { MAX_INTEGER, MAX_INTEGER_TEXT, VERSIENUMMER_HOOFDNET } from './constants';
import { cappedPagedSchema, typedSearchBodySchema } from './paging';

/** A message as the portal sees it (spec 000 §3 'Message'; spec 001 §3 'Failed message'). */
export const messageViewSchema = z.object({
  _id: z.string(),
  opdrachtId: z.string(),
  sender: z.string(),
  receiver: z.string(),
  type: z.string(),
  versienummer: z.string(),
  created: z.string(),
  failedAttempts: z.number().int(),
  lastAttempt: z.string().nullable(),
  nextAttempt: z.string().nullable(),
  /**
   * When the receiver accepted the message (issue 29: the message panel says whether and when it
   * was delivered); null while it is not delivered. Not in the specs' Message, which shows no
   * delivery state beyond its attempts.
   */
  deliveredAt: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  err: z.object({ msg: z.string(), traceId: z.string() }).nullable(),
  /**
   * Retention (decision 0032): the payload was removed at `at`, after `afterDays` days (the
   * RETENTION_DAYS then); `data` is `{}`. Null while the payload is kept.
   */
  dataRemoved: z.object({ at: z.string(), afterDays: z.number().int() }).nullable(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const retryMessageSchema = z.object({ id: z.uuid({ error: 'Geen geldig bericht-id.' }) });

export const MESSAGE_TEXTS = {
  notFound: 'Bericht niet gevonden.',
  alreadyDelivered: 'Dit bericht is al afgeleverd.',
  resentMeanwhile: 'Dit bericht wordt al opnieuw verzonden.',
  dataRemoved: 'De inhoud van dit bericht is verwijderd (bewaartermijn); het kan niet opnieuw worden verzonden.',
  orderCancelling: 'De opdracht van dit bericht wordt geannuleerd; het kan niet opnieuw worden verzonden.',
  wrongFlow: (flow: string) => `Dit bericht hoort niet bij de ${flow}-berichten.`,
  uitvalOnly: "Zonder monitoringrecht kunt u alleen uitval zoeken (filter 'isInError': true).",
  bulkRetryUitvalOnly: "Zonder monitoringrecht kunt u alleen uitval opnieuw versturen (filter 'isInError': true).",
  bulkRetryJobNotFound: 'Deze taak voor opnieuw versturen bestaat niet.',
  bulkRetrySameList:
    'Voor deze berichten loopt al een taak voor opnieuw versturen. Wacht tot die klaar is; de voortgang staat op het scherm.',
  bulkRetryTooMany: (running: number) =>
    `Er lopen al ${running} taken voor opnieuw versturen voor uw organisatie. Probeer het opnieuw als er een klaar is.`,
} as const;

/**
 * The versienummer filter of the message search (spec 000 §7): `'h1.0'` is equal to it (Hoofdnet),
 * `'!h1.0'` is not equal to it (Aansluiting). Every message search names its flow this way.
 */
export const MESSAGE_VERSIENUMMER_FILTER = {
  hoofdnet: VERSIENUMMER_HOOFDNET,
  aansluiting: `!${VERSIENUMMER_HOOFDNET}`,
} as const;

const text = z.string().trim().max(200);

/** Message search: Berichten (both flows) and, with `isInError: true`, Uitval (spec 001 §7). */
export const messageSearchSchema = typedSearchBodySchema({
  filters: {
    versienummer: z.enum([MESSAGE_VERSIENUMMER_FILTER.hoofdnet, MESSAGE_VERSIENUMMER_FILTER.aansluiting], {
      error: `Kies '${MESSAGE_VERSIENUMMER_FILTER.hoofdnet}' (Hoofdnet) of '${MESSAGE_VERSIENUMMER_FILTER.aansluiting}' (Aansluiting).`,
    }),
    opdrachtId: text,
    /** At least this many failed attempts: `1` is the error-only toggle. */
    failedAttempts: z.number().int().min(0).max(MAX_INTEGER, MAX_INTEGER_TEXT),
    sender: text,
    receiver: text,
    type: z.union([text, z.array(text).max(50)]).transform((value) => (Array.isArray(value) ? value : [value])),
    /** Uitval: failed at least once and not delivered. */
    isInError: z.boolean(),
  },
  sortFields: ['nextAttempt', 'created', 'opdrachtId'],
}).refine((body) => body.filters.versienummer !== undefined, {
  // Only about a body that is valid otherwise: a refused filter is not reported as missing too.
  when: (payload) => payload.issues.length === 0,
  path: ['filters'],
  message: `Een filter 'versienummer' is verplicht ('${MESSAGE_VERSIENUMMER_FILTER.aansluiting}' of '${MESSAGE_VERSIENUMMER_FILTER.hoofdnet}').`,
});
export type MessageSearch = z.input<typeof messageSearchSchema>;
export const messagePageSchema = cappedPagedSchema(messageViewSchema);

/** `GET /rest/management/valuelist?versienummer=`: '2' or '2.0' is Aansluiting, 'h' or 'h1.0' Hoofdnet. */
export const MONITORING_VALUELIST_VERSIENUMMERS = ['2', '2.0', 'h', VERSIENUMMER_HOOFDNET] as const;
export const monitoringValuelistQuerySchema = z.object({
  versienummer: z.enum(MONITORING_VALUELIST_VERSIENUMMERS, {
    error: `Kies een van ${MONITORING_VALUELIST_VERSIENUMMERS.map((value) => `'${value}'`).join(', ')}.`,
  }),
});
export const monitoringValuelistSchema = z.object({ senders: z.array(z.string()), receivers: z.array(z.string()) });
export type MonitoringValuelist = z.infer<typeof monitoringValuelistSchema>;

/**
 * 'Alles opnieuw versturen' (bulk resend): the body of the message search — its filters; paging
 * and sort are accepted and ignored — and the job that reschedules every undelivered message
 * matching them.
 */
export const bulkRetryCountSchema = z.object({ count: z.number().int() });
export type BulkRetryCount = z.infer<typeof bulkRetryCountSchema>;

export const BULK_RETRY_STATES = ['running', 'finished', 'failed'] as const;
export const bulkRetryJobSchema = z.object({
  id: z.string(),
  state: z.enum(BULK_RETRY_STATES),
  /** The filters of the search, as given (after defaults). */
  filters: z.record(z.string(), z.unknown()),
  /** Undelivered messages matching the filters when the job started. */
  total: z.number().int(),
  /** Made due now. */
  done: z.number().int(),
  /** Matched at the start, but delivered or removed (order cancelled) before their batch came. */
  skipped: z.number().int(),
  /** Not rescheduled because the job failed. */
  failed: z.number().int(),
  created: z.string(),
  finished: z.string().nullable(),
});
export type BulkRetryJob = z.infer<typeof bulkRetryJobSchema>;
/** The running jobs of the caller's organisation (or of the participant it acts for), oldest first. */
export const bulkRetryJobListSchema = z.object({ items: z.array(bulkRetryJobSchema) });
export type BulkRetryJobList = z.infer<typeof bulkRetryJobListSchema>;
/** At most this many jobs run at once for one organisation (decision 0034): one more is a 429. */
export const BULK_RETRY_MAX_RUNNING = 3;
export const bulkRetryJobParamsSchema = z.object({
  id: z.uuid({ error: 'Geen geldig taak-id.' }),
});
