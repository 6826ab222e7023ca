import { z } from 'zod';
import { LIFECYCLE } from './berichten/lifecycle';
import { CONCURRENCY_TEXTS } from './concurrency';
import { ORGANISATION_NAME_MAX } from './constants';
import { messageTypesOf, type Flow } from './messageTypes';

/**
 * Order deadlines (issue 32 item 6, decision 0063): a netbeheerder's deadlines between two steps
 * of its orders, e.g. 'Planning binnen 10 werkdagen na Opdracht'. A deadline starts when the `van`
 * message reached the receiver (its delivery) and is met by the first `tot` message Knooppunt
 * accepts after the `van` message; a later `van` message starts it again. Working days are Monday
 * to Friday without the Dutch public holidays; a deadline in working days ends at the end of the
 * last one (Europe/Amsterdam), a deadline in hours exactly that many hours after the start. It runs
 * only while the order is in a status that accepts the `tot` message (`termijnStatussen`).
 * Computed from the order's messages, never stored twice.
 */

export const TERMIJN_EENHEDEN = ['werkdagen', 'uren'] as const;
export type TermijnEenheid = (typeof TERMIJN_EENHEDEN)[number];

/** The longest deadline: a year of working days, or a year in hours. */
export const TERMIJN_MAX = { werkdagen: 260, uren: 8760 } as const satisfies Record<TermijnEenheid, number>;

/** How a deadline's state at one of its occurrences is named (the order's history). */
export const TERMIJN_STANDEN = ['loopt', 'verlopen', 'op tijd', 'te laat', 'vervallen'] as const;
export type TermijnStand = (typeof TERMIJN_STANDEN)[number];

export const TERMIJN_TEXTS = {
  title: 'Termijnen',
  verlopen: 'Termijn verlopen',
  omschrijving: ({ van, tot, aantal, eenheid }: Pick<Termijn, 'van' | 'tot' | 'aantal' | 'eenheid'>) =>
    `${tot} binnen ${aantal} ${eenheid === 'uren' ? 'uur' : aantal === 1 ? 'werkdag' : 'werkdagen'} na ${van}`,
  stand: {
    loopt: 'Loopt',
    verlopen: 'Termijn verlopen',
    'op tijd': 'Op tijd',
    'te laat': 'Te laat',
    vervallen: 'Vervallen',
  } satisfies Record<TermijnStand, string>,
  notFound: 'Termijn niet gevonden.',
  netbeheerderNotFound: 'Netbeheerder niet gevonden.',
  exists: (van: string, tot: string) => `Er is al een termijn voor ${tot} na ${van}.`,
  changed: 'Deze termijn is intussen door iemand anders gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
  notAllowed: 'U mag de termijnen van deze netbeheerder niet wijzigen.',
  type: (flow: Flow) =>
    `Kies een berichttype van de stroom ${flow === 'hoofdnet' ? 'Hoofdnet' : 'Aansluiting'}: ${Object.keys(messageTypesOf(flow)).join(', ')}.`,
  creates: (tot: string) => `Een termijn kan niet eindigen met ${tot}: dat bericht maakt de opdracht aan.`,
  same: 'Kies voor ‘tot’ een ander berichttype dan voor ‘van’.',
  aantal: (eenheid: TermijnEenheid) => `Geef een geheel aantal ${eenheid} van 1 tot en met ${TERMIJN_MAX[eenheid]}.`,
  eenheid: `Kies een eenheid: ${TERMIJN_EENHEDEN.join(', ')}.`,
  flow: 'Kies een stroom: aansluiting of hoofdnet.',
  created: 'Termijn succesvol aangemaakt',
  saved: 'Termijn succesvol opgeslagen',
  deleted: 'Termijn succesvol verwijderd',
  mailOn: 'De dagelijkse mail over verlopen termijnen staat aan',
  mailOff: 'De dagelijkse mail over verlopen termijnen staat uit',
} as const;

export const termijnSchema = z.object({
  id: z.string(),
  netbeheerder: z.string(),
  flow: z.enum(['aansluiting', 'hoofdnet']),
  /** The message type whose delivery starts the deadline. */
  van: z.string(),
  /** The message type that meets it. */
  tot: z.string(),
  aantal: z.number().int(),
  eenheid: z.enum(TERMIJN_EENHEDEN),
  /** In words: 'Planning binnen 10 werkdagen na Opdracht'. */
  omschrijving: z.string(),
  created: z.string(),
  /** The moment of the last change: an edit builds on it (decision 0025). */
  changed: z.string(),
});
export type Termijn = z.infer<typeof termijnSchema>;

/** A netbeheerder's deadlines and whether it sends the daily mail about late orders. */
export const termijnenSchema = z.object({
  netbeheerder: z.string(),
  /** Opt-in: a mail each working day to both parties' configuration addresses about orders past a deadline. */
  dagelijkseMail: z.boolean(),
  termijnen: z.array(termijnSchema),
});
export type Termijnen = z.infer<typeof termijnenSchema>;

const eenheidSchema = z.enum(TERMIJN_EENHEDEN, { error: TERMIJN_TEXTS.eenheid });

/**
 * The order statuses in which a message of type `tot` is accepted (docs/lifecycle.md): a deadline
 * runs only while its order is in one of them, since in any other it cannot be met (a Planning
 * after an Annulering). None for the types that create an order.
 */
export function termijnStatussen(tot: string): number[] {
  const statuses = new Set<number>();
  for (const row of LIFECYCLE) {
    if (row.type === tot && row.from !== 'nieuw') for (const status of row.from) statuses.add(status);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** A new deadline, or an edit of one; the types must belong to the flow and differ. */
export const termijnInputSchema = z
  .object({
    flow: z.enum(['aansluiting', 'hoofdnet'], { error: TERMIJN_TEXTS.flow }),
    van: z.string().max(100),
    tot: z.string().max(100),
    aantal: z.number({ error: TERMIJN_TEXTS.aantal('werkdagen') }).int(TERMIJN_TEXTS.aantal('werkdagen')),
    eenheid: eenheidSchema,
  })
  .superRefine((input, ctx) => {
    const types = messageTypesOf(input.flow);
    for (const field of ['van', 'tot'] as const) {
      if (!Object.hasOwn(types, input[field])) {
        ctx.addIssue({ code: 'custom', path: [field], message: TERMIJN_TEXTS.type(input.flow) });
      }
    }
    if (Object.hasOwn(types, input.tot) && termijnStatussen(input.tot).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tot'], message: TERMIJN_TEXTS.creates(input.tot) });
    }
    if (input.van === input.tot) ctx.addIssue({ code: 'custom', path: ['tot'], message: TERMIJN_TEXTS.same });
    if (input.aantal < 1 || input.aantal > TERMIJN_MAX[input.eenheid]) {
      ctx.addIssue({ code: 'custom', path: ['aantal'], message: TERMIJN_TEXTS.aantal(input.eenheid) });
    }
  });
export type TermijnInput = z.infer<typeof termijnInputSchema>;

/** An edit builds on the deadline as loaded: its `changed`. */
export const termijnEditSchema = z.object({
  termijn: termijnInputSchema,
  basedOn: z.object(
    { changed: z.iso.datetime({ offset: true, error: CONCURRENCY_TEXTS.basedOnTimestamp }) },
    { error: 'Geef de geladen versie mee: basedOn met changed.' },
  ),
});

export const termijnMailSchema = z.object({
  dagelijkseMail: z.boolean({ error: 'Geef dagelijkseMail: true of false.' }),
});

export const termijnParamsSchema = z.object({
  netbeheerder: z.string().min(1).max(ORGANISATION_NAME_MAX),
});
export const termijnIdParamsSchema = termijnParamsSchema.extend({
  id: z.uuid({ error: 'Geef het id van een termijn.' }),
});

/** One occurrence of a deadline in an order's history. */
export const opdrachtTermijnSchema = z.object({
  termijnId: z.string(),
  omschrijving: z.string(),
  /** The `van` message (its id) and when it reached the receiver: the start. */
  van: z.object({ berichtId: z.string(), at: z.string() }),
  /** The moment the deadline ends. */
  uiterlijk: z.string(),
  /** The `tot` message that met it, and when Knooppunt accepted it; null while none came. */
  tot: z.object({ berichtId: z.string(), at: z.string() }).nullable(),
  stand: z.enum(TERMIJN_STANDEN),
});
export type OpdrachtTermijn = z.infer<typeof opdrachtTermijnSchema>;

/** The Dutch public holidays that are no working days (the `date-holidays` kind 'public'). */
export const TERMIJN_HOLIDAY_NOTE =
  'Werkdagen zijn maandag tot en met vrijdag, behalve de officiële feestdagen (Nieuwjaarsdag, Tweede paasdag, Koningsdag, Hemelvaartsdag, Tweede pinksterdag, Eerste en Tweede kerstdag).';
