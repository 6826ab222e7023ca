import { z } from 'zod';
import {
  MAX_CONCURRENT_MESSAGES,
  MAX_MESSAGES_PER_SECOND,
  MAX_INTEGER,
  MAX_INTEGER_TEXT,
  VERSIENUMMER_AANSLUITING,
  VERSIENUMMER_HOOFDNET,
} from './constants';
import { configBasedOnSchema } from './concurrency';
import { flowOf, messageTypesFor, type Flow, type Side } from './messageTypes';
import type { Permissions } from './permissions';
import { pagedSchema, searchBodySchema } from './paging';

/** The message-version numbers a configuration can be made for, per flow (spec 000 §9). */
export const CONFIG_VERSIENUMMERS: Record<Flow, readonly string[]> = {
  aansluiting: [VERSIENUMMER_AANSLUITING],
  hoofdnet: [VERSIENUMMER_HOOFDNET],
};
export const ALL_CONFIG_VERSIENUMMERS = [VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET] as const;

/** 'Maximaal aantal berichten per seconde' at 0 (issue 30 item 5). */
const NO_RATE_LIMIT = 'geen grens';

/** Dutch texts of the configuration area: the form's validation messages exactly as spec 000 §5. */
export const CONFIG_TEXTS = {
  clientIdRequired: 'Client ID moet ingevuld zijn.',
  clientSecretRequired: 'Client Secret moet ingevuld zijn.',
  tokenUrlRequired: 'Token URL moet ingevuld zijn.',
  urlsNoneOrAll: {
    opdrachtgever: 'Geen of alle opdrachtgever URLs moeten zijn ingevuld.',
    opdrachtnemer: 'Geen of alle opdrachtnemer URLs moeten zijn ingevuld.',
  } satisfies Record<Side, string>,
  invalidUrl: 'Vul een geldige URL in (http of https).',
  invalidEmail: 'Vul geldige e-mailadressen in, gescheiden door komma’s.',
  deelnemerRequired: 'Deelnemer moet ingevuld zijn.',
  unknownVersienummer: 'Onbekend versienummer.',
  unknownMessageType: (type: string) => `Onbekend berichttype '${type}' voor dit versienummer.`,
  maxMessages: `Kies een aantal van ${MAX_CONCURRENT_MESSAGES.min} tot en met ${MAX_CONCURRENT_MESSAGES.max}.`,
  maxPerSecond: `Kies een aantal van ${MAX_MESSAGES_PER_SECOND.min} (${NO_RATE_LIMIT}) tot en met ${MAX_MESSAGES_PER_SECOND.max}.`,
  noRateLimit: NO_RATE_LIMIT,
  /** A sender's two limits in short, beside its state: 'max. 5 tegelijk · 10/s'. */
  senderLimits: (maxMessages: number, maxPerSecond: number) =>
    `max. ${maxMessages} tegelijk · ${maxPerSecond === 0 ? `${NO_RATE_LIMIT} per seconde` : `${maxPerSecond}/s`}`,
  draftCaption: 'Conceptversie',
  draftContactNote: 'Neem contact op met functioneel beheer om deze conceptversie te activeren.',
  exists: (deelnemer: string, versienummer: string) =>
    `Er bestaat al een configuratie voor ${deelnemer} met versienummer ${versienummer}.`,
  notFound: 'Configuratie niet gevonden.',
  noDraft: 'Er is geen conceptversie om te activeren.',
  noActiveConfig: 'Er is nog geen actieve configuratie om te gebruiken.',
  alreadyNewest: 'De verzender gebruikt de nieuwste configuratie al.',
  staleVersion: (newest: number) => `Intussen is versie ${newest} de nieuwste configuratie; ververs het overzicht.`,
  noSender: 'Er is nog geen verzendproces voor deze configuratie.',
  ownParticipantOnly: 'U kunt alleen een configuratie voor uw eigen deelnemer aanmaken of wijzigen.',
  senderActive: 'Verzenden is actief',
  senderPaused: 'Verzenden is gepauzeerd',
  chipActive: 'Actief',
  chipPaused: 'Gepauzeerd',
  tooltipNewest: 'De laatste configuratie is in gebruik op de verzendservice van het platform.',
  tooltipBehind: 'De configuratie in gebruik loopt achter op de laatste configuratie.',
  noCheck: 'Geen controle gedaan',
  // Shown for the token URL when the check call itself failed: not a row that was never checked (decision 0057).
  tokenNotReached: 'Token URL niet bereikt: de verbinding kon niet worden gecontroleerd',
} as const;

/**
 * Who may save (create or change) a configuration of a participant: with the create-draft right,
 * for the own participant; for any participant only with the create-configuration right as well
 * (spec 000 §2 and §5). The server's check and the portal's offer to edit both ask this.
 */
export function mayWriteConfig(
  user: { permissions: Pick<Permissions, 'canCreateDraft' | 'canCreateConfig'>; deelnemer?: string | undefined },
  deelnemer: string,
): boolean {
  const { canCreateDraft, canCreateConfig } = user.permissions;
  return canCreateDraft && (canCreateConfig || (user.deelnemer !== undefined && user.deelnemer === deelnemer));
}

/** A participant name as the spec wants it: trimmed, spaces turned into underscores. */
export function normaliseDeelnemer(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}

/** The e-mail field is comma-separated text in the form; the API carries the list. */
export function splitEmails(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.replace(/\s+/g, ''))
    .filter(Boolean);
}

const httpUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: CONFIG_TEXTS.invalidUrl }));

/** The callback URL types of a flow per side: the 'opdrachtgever group' and the 'opdrachtnemer group'. */
export function urlGroups(flow: Flow): Record<Side, string[]> {
  return {
    opdrachtgever: messageTypesFor(flow, 'opdrachtgever'),
    opdrachtnemer: messageTypesFor(flow, 'opdrachtnemer'),
  };
}

/**
 * None-or-all per side (spec 000 §5): the issues of the URL map of a flow, one per side at fault,
 * on the path `urls.<side>`; types that do not belong to the flow are issues too.
 */
export function urlIssues(
  versienummer: string,
  urls: Record<string, string>,
  sides: readonly Side[] = ['opdrachtgever', 'opdrachtnemer'],
): { path: string[]; message: string }[] {
  const flow = flowOf(versienummer);
  const groups = urlGroups(flow);
  const known = new Set([...groups.opdrachtgever, ...groups.opdrachtnemer]);
  const issues = Object.keys(urls)
    .filter((type) => !known.has(type))
    .map((type) => ({ path: ['urls', type], message: CONFIG_TEXTS.unknownMessageType(type) }));
  for (const side of sides) {
    const filled = groups[side].filter((type) => (urls[type] ?? '').trim() !== '').length;
    if (filled !== 0 && filled !== groups[side].length) {
      issues.push({ path: ['urls', side], message: CONFIG_TEXTS.urlsNoneOrAll[side] });
    }
  }
  return issues;
}

/**
 * A configuration as the portal sends it. `clientSecret` may be left out when updating: the
 * stored secret is then kept (it is never sent back to the portal).
 */
export const configInputSchema = z.object({
  clientId: z.string({ error: CONFIG_TEXTS.clientIdRequired }).trim().min(1, CONFIG_TEXTS.clientIdRequired),
  clientSecret: z.string().optional(),
  tokenUrl: z
    .string({ error: CONFIG_TEXTS.tokenUrlRequired })
    .trim()
    .min(1, CONFIG_TEXTS.tokenUrlRequired)
    .pipe(httpUrl),
  scope: z.string().trim().default(''),
  emails: z.array(z.email(CONFIG_TEXTS.invalidEmail)).default([]),
  useMtls: z.boolean().default(false),
  urls: z
    .record(z.string(), z.union([httpUrl, z.literal('')]))
    .default({})
    .transform((urls) => Object.fromEntries(Object.entries(urls).filter(([, url]) => url !== ''))),
});
export type ConfigInput = z.input<typeof configInputSchema>;

const versienummerSchema = z.enum(ALL_CONFIG_VERSIENUMMERS, { error: CONFIG_TEXTS.unknownVersienummer });

function withUrlRules<T extends z.ZodType<{ versienummer: string; config: { urls: Record<string, string> } }>>(
  schema: T,
) {
  return schema.superRefine((value, ctx) => {
    for (const issue of urlIssues(value.versienummer, value.config.urls)) {
      ctx.addIssue({ code: 'custom', path: ['config', ...issue.path], message: issue.message });
    }
  });
}

export const createConfigSchema = withUrlRules(
  z.object({
    deelnemer: z
      .string({ error: CONFIG_TEXTS.deelnemerRequired })
      .transform(normaliseDeelnemer)
      .pipe(z.string().min(1, CONFIG_TEXTS.deelnemerRequired).max(200)),
    versienummer: versienummerSchema,
    config: configInputSchema.refine((config) => (config.clientSecret ?? '').trim() !== '', {
      path: ['clientSecret'],
      message: CONFIG_TEXTS.clientSecretRequired,
    }),
  }),
);
export type CreateConfig = z.input<typeof createConfigSchema>;

export const updateConfigSchema = withUrlRules(
  z.object({
    deelnemer: z.string().min(1),
    versienummer: versienummerSchema,
    config: configInputSchema,
    /** The version the edit builds on; 409 when the configuration changed since (decision 0025). */
    basedOn: configBasedOnSchema,
  }),
);
export type UpdateConfig = z.input<typeof updateConfigSchema>;

export const configKeySchema = z.object({ deelnemer: z.string().min(1), versienummer: versienummerSchema });
export type ConfigKey = z.infer<typeof configKeySchema>;

export const configVersionKeySchema = configKeySchema.extend({
  version: z.coerce.number().int().min(1).max(MAX_INTEGER, MAX_INTEGER_TEXT),
  draft: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
});

/** A configuration as the API answers it: the secret never leaves the server, only whether it is set. */
export const configViewSchema = z.object({
  deelnemer: z.string(),
  versienummer: z.string(),
  version: z.number().int(),
  draft: z.boolean(),
  updated: z.string(),
  /**
   * The newest version of the pair when it is another than this one (a draft after an active
   * version): a save builds on the newest version only (decision 0025), so this one is read-only.
   */
  newer: z.object({ version: z.number().int(), draft: z.boolean() }).optional(),
  config: z.object({
    clientId: z.string(),
    clientSecretSet: z.boolean(),
    tokenUrl: z.string(),
    scope: z.string(),
    emails: z.array(z.string()),
    useMtls: z.boolean(),
    urls: z.record(z.string(), z.string()),
  }),
});
export type ConfigView = z.infer<typeof configViewSchema>;

export const senderSchema = z.object({
  deelnemer: z.string(),
  versienummer: z.string(),
  version: z.number().int(),
  running: z.boolean(),
  maxMessages: z.number().int(),
  /** At most this many messages per second to the receiver, over every worker; 0: no limit. */
  maxPerSecond: z.number().int(),
  changed: z.string(),
});
export type Sender = z.infer<typeof senderSchema>;

export const senderLogEntrySchema = z.object({
  date: z.string(),
  running: z.boolean(),
  version: z.number().int(),
  maxMessages: z.number().int(),
  maxPerSecond: z.number().int(),
});
export type SenderLogEntry = z.infer<typeof senderLogEntrySchema>;

export const configListItemSchema = z.object({
  deelnemer: z.string(),
  versienummer: z.string(),
  updated: z.string(),
  version: z.number().int(),
  draft: z.boolean(),
  /** For active rows: the sender of the same deelnemer and versienummer, when there is one. */
  sender: senderSchema.omit({ deelnemer: true, versienummer: true }).optional(),
});
export type ConfigListItem = z.infer<typeof configListItemSchema>;

export const configSearchSchema = searchBodySchema({
  filters: ['deelnemer', 'versienummer'],
  sortFields: ['created', 'deelnemer', 'updated'],
});
export const configPageSchema = pagedSchema(configListItemSchema);

export const maxMessagesSchema = z
  .number({ error: CONFIG_TEXTS.maxMessages })
  .int(CONFIG_TEXTS.maxMessages)
  .min(MAX_CONCURRENT_MESSAGES.min, CONFIG_TEXTS.maxMessages)
  .max(MAX_CONCURRENT_MESSAGES.max, CONFIG_TEXTS.maxMessages);

export const useNewestSchema = configKeySchema.extend({
  version: z.number().int().min(1).max(MAX_INTEGER, MAX_INTEGER_TEXT),
});
export const senderQuerySchema = z.object({ versienummer: versienummerSchema.optional() });
export const maxPerSecondSchema = z
  .number({ error: CONFIG_TEXTS.maxPerSecond })
  .int(CONFIG_TEXTS.maxPerSecond)
  .min(MAX_MESSAGES_PER_SECOND.min, CONFIG_TEXTS.maxPerSecond)
  .max(MAX_MESSAGES_PER_SECOND.max, CONFIG_TEXTS.maxPerSecond);

/** Pause/resume (`running`), set `maxMessages` or set `maxPerSecond`: exactly one per call. */
export const patchSenderSchema = configKeySchema
  .extend({
    running: z.boolean().optional(),
    maxMessages: maxMessagesSchema.optional(),
    maxPerSecond: maxPerSecondSchema.optional(),
  })
  .refine(
    (body) => [body.running, body.maxMessages, body.maxPerSecond].filter((given) => given !== undefined).length === 1,
    {
      path: ['running'],
      message: 'Geef één van running, maxMessages en maxPerSecond.',
    },
  );

/** The value lists of the configuration screens (GET /rest/valuelist). */
export const configValuelistSchema = z.object({
  deelnemers: z.array(z.string()),
  versienummers: z.object({ aansluiting: z.array(z.string()), hoofdnet: z.array(z.string()) }),
  /**
   * The participants, among those whose configurations the caller sees, that are an organisation
   * of type Aannemer (the opdrachtnemer side): their configuration form shows the Opdrachtnemer
   * URLs first (issue 29).
   */
  aannemers: z.array(z.string()),
});

/** One checked item of a connection check; an absent entry means no check was done. */
export const checkResultSchema = z.object({ success: z.boolean(), message: z.string(), details: z.array(z.string()) });
export type CheckResult = z.infer<typeof checkResultSchema>;
/** The key of the token endpoint's result in a connection check's results; the others are message types. */
export const CHECK_TOKEN_URL = 'tokenUrl';
/**
 * A connection check's answer (spec 000 §3): ONE map, keyed by `tokenUrl` and by each callback
 * URL's message type, each to its result; an absent entry means no check was done.
 */
export const connectionCheckSchema = z.object({ results: z.record(z.string(), checkResultSchema) });
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

/** The status chip of a configuration row (spec 000 §4). */
export function senderChip(row: Pick<ConfigListItem, 'version' | 'versienummer' | 'sender'>): {
  label: string;
  color: 'success' | 'warning' | 'info' | 'default';
  tooltip: string | undefined;
} {
  const { sender } = row;
  if (!sender) return { label: `version ${row.versienummer}`, color: 'default', tooltip: undefined };
  if (!sender.running) return { label: CONFIG_TEXTS.chipPaused, color: 'info', tooltip: CONFIG_TEXTS.senderPaused };
  const newest = sender.version === row.version;
  return {
    label: CONFIG_TEXTS.chipActive,
    color: newest ? 'success' : 'warning',
    tooltip: newest ? CONFIG_TEXTS.tooltipNewest : CONFIG_TEXTS.tooltipBehind,
  };
}
