import { z } from 'zod';
import { ALL_CONFIG_VERSIENUMMERS, CONFIG_TEXTS } from './configs';
import { LATENCY_BUCKET_BOUNDS_MS } from './delivery-stats';

/**
 * The Overzicht (issue 22 item 3, decision 0036): per receiver configuration its delivery health
 * over the last 24 hours, read from the per-minute counters (`delivery_minutes`).
 */

/** The width of one point of the Overzicht's series. */
export const OVERZICHT_SLOT_MINUTES = 5;
/** The points of a series: 24 hours of 5 minutes. */
export const OVERZICHT_SLOTS = (24 * 60) / OVERZICHT_SLOT_MINUTES;
/** The latency quantile the Overzicht shows. */
export const OVERZICHT_QUANTILE = 0.95;

/** Dutch texts of the Overzicht screen and call. */
export const OVERZICHT_TEXTS = {
  title: 'Overzicht',
  intro: 'De aflevering per ontvanger over de laatste 24 uur.',
  versienummer: `Kies een van ${ALL_CONFIG_VERSIENUMMERS.map((value) => `'${value}'`).join(', ')}.`,
  geenOntvangers: 'Er zijn nog geen ontvangers met een actieve configuratie.',
  actief: 'Actief',
  gepauzeerd: 'Gepauzeerd',
  /** Its sender's limits under its state, as on the configuration rows (issue 30 item 5). */
  limieten: CONFIG_TEXTS.senderLimits,
  wachtend: 'Wachtend',
  oudsteWachtend: 'Oudste wachtend',
  geenWachtend: 'geen',
  p95: 'p95 doorlooptijd',
  p95Uitleg: '95 % van de berichten was binnen deze tijd afgeleverd (ontvangen tot afgeleverd, laatste 24 uur).',
  geenAfleveringen: 'geen afleveringen',
  afgeleverd: 'Afgeleverd',
  mislukt: 'Mislukt',
  per5Minuten: 'per 5 minuten, laatste 24 uur',
  /** The chart's legend: delivered above the line, failed attempts below it, each to its own scale. */
  legendaAfgeleverd: 'afgeleverd (boven)',
  legendaMislukt: 'mislukt (onder)',
  grafiekNaam: (receiver: string, flow: string) =>
    `Afgeleverd en mislukt per 5 minuten, laatste 24 uur: ${receiver}, ${flow}`,
  grafiekSamenvatting: (delivered: number, failed: number) =>
    `${delivered.toLocaleString('nl-NL')} afgeleverd, ${failed.toLocaleString('nl-NL')} mislukt`,
  berichten: 'Berichten',
  uitval: 'Uitval',
  openBerichten: (receiver: string, flow: string) => `Berichten aan ${receiver} (${flow}) openen`,
  openUitval: (receiver: string, flow: string) => `Uitval van ${receiver} (${flow}) openen`,
  storing: 'Storing',
  storingSinds: (since: string) => `Storing sinds ${since}`,
  redenFailures: 'Berichten mislukken herhaaldelijk',
  redenSilence: 'Er wordt niets afgeleverd terwijl berichten wachten',
  meerDan: (value: string) => `meer dan ${value}`,
  ontvanger: 'Ontvanger',
  status: 'Status',
  grafiek: 'Afgeleverd en mislukt',
  openen: 'Openen',
  laadFout: 'Het overzicht kon niet worden geladen',
} as const;

export const overzichtQuerySchema = z.object({
  /** Only this flow's configurations (`2.0` Aansluiting, `h1.0` Hoofdnet); both when absent. */
  versienummer: z.enum(ALL_CONFIG_VERSIENUMMERS, { error: OVERZICHT_TEXTS.versienummer }).optional(),
});
export type OverzichtQuery = z.infer<typeof overzichtQuerySchema>;

/** An open alert of a receiver configuration (item 2 of the issue writes them). */
export const overzichtAlertSchema = z.object({
  since: z.string(),
  reason: z.enum(['failures', 'silence']),
  lastError: z.string().nullable(),
});
export type OverzichtAlert = z.infer<typeof overzichtAlertSchema>;

export const overzichtEntrySchema = z.object({
  receiver: z.string(),
  versienummer: z.string(),
  flow: z.enum(['aansluiting', 'hoofdnet']),
  /** The sender runs (Actief) or is paused (Gepauzeerd). */
  running: z.boolean(),
  /** Messages in flight at once at most ('Maximaal aantal gelijktijdige berichten'). */
  maxMessages: z.number().int(),
  /** Messages per second at most; 0: no limit ('Maximaal aantal berichten per seconde', issue 30). */
  maxPerSecond: z.number().int(),
  /** Undelivered messages to this receiver in this flow, counted up to MONITORING_COUNT_CAP. */
  waiting: z.number().int(),
  waitingIsLowerBound: z.boolean(),
  /** When the oldest waiting message was accepted; null with nothing waiting. */
  oldestWaiting: z.string().nullable(),
  /** Delivered messages per 5 minutes, oldest first, OVERZICHT_SLOTS points from the answer's `from`. */
  delivered: z.array(z.number().int()),
  /** Failed attempts per 5 minutes, as `delivered`. */
  failed: z.array(z.number().int()),
  /**
   * 95 % of the messages delivered in the 24 hours took at most this long from accepted to
   * delivered (the upper bound of a latency bucket); null when nothing was delivered.
   */
  p95Ms: z.number().int().nullable(),
  /** The p95 lies above the last bucket bound: `p95Ms` is that bound and the real value more. */
  p95IsLowerBound: z.boolean(),
  alert: overzichtAlertSchema.nullable(),
});
export type OverzichtEntry = z.infer<typeof overzichtEntrySchema>;

export const overzichtSchema = z.object({
  /** The start of the first point of every series (ISO 8601, UTC, a multiple of 5 minutes). */
  from: z.string(),
  slotMinutes: z.number().int(),
  entries: z.array(overzichtEntrySchema),
});
export type Overzicht = z.infer<typeof overzichtSchema>;

/** The last latency bound: a p95 above it is shown as 'meer dan' this. */
export const OVERZICHT_LAST_LATENCY_BOUND_MS = LATENCY_BUCKET_BOUNDS_MS[LATENCY_BUCKET_BOUNDS_MS.length - 1]!;

/**
 * The platform's own state (issue 29 item 3), for the super role on the Overzicht: the database,
 * the processes seen lately, the mail outbox and the operator's open alerts.
 */
export const PLATFORM_TEXTS = {
  title: 'Platform',
  mailNietGevonden: 'Deze e-mail staat niet (meer) in de wachtrij.',
  mailAlVerstuurd: 'Deze e-mail is al verstuurd.',
} as const;

export const platformStateSchema = z.object({
  database: z.object({
    /** 'PostgreSQL' or 'PGlite'. */
    soort: z.string(),
    bereikbaar: z.boolean(),
  }),
  /** Processes that evaluated the platform alerts in the last 15 minutes (process_heartbeats). */
  processen: z.array(z.object({ naam: z.string(), rol: z.string(), gestart: z.string(), laatstGezien: z.string() })),
  mail: z.object({
    /** SMTP_URL is set. */
    aan: z.boolean(),
    /** Not yet sent nor given up. */
    wachtend: z.number().int(),
    /** Of those, tried at least once. */
    opnieuw: z.number().int(),
    /** The oldest waiting mails (at most 10), oldest first. */
    oudste: z.array(
      z.object({
        id: z.string(),
        aan: z.string(),
        onderwerp: z.string(),
        sinds: z.string(),
        pogingen: z.number().int(),
        volgendePoging: z.string(),
        laatsteFout: z.string().nullable(),
      }),
    ),
    /** OPERATOR_EMAIL: where the platform alerts go (empty: only in the log). */
    operatorAdressen: z.array(z.string()),
  }),
  /** The operator's open alerts. */
  meldingen: z.array(z.object({ soort: z.string(), sinds: z.string(), tekst: z.string() })),
});
export type PlatformState = z.infer<typeof platformStateSchema>;

export const platformMailParamsSchema = z.object({ id: z.uuid({ error: PLATFORM_TEXTS.mailNietGevonden }) });
