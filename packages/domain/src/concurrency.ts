import { z } from 'zod';
import { MAX_INTEGER, MAX_INTEGER_TEXT } from './constants';

/**
 * Optimistic concurrency (decision 0025): a save carries the moment of the change it builds on, as
 * the API answered it (a configuration's `updated`, a scenario's `changed`), and the server refuses
 * it with 409 when the record changed since. Also the texts of the portal's discard question.
 */
export const CONCURRENCY_TEXTS = {
  configChanged:
    'Deze configuratie is intussen door iemand anders gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
  configNewerVersion: (version: number, draft: boolean) =>
    `Er is een nieuwere versie van deze configuratie (versie ${version}${draft ? ', concept' : ''}). Laad de pagina opnieuw en wijzig die versie.`,
  olderVersion: (version: number, draft: boolean) =>
    `Er is een nieuwere versie van deze configuratie (versie ${version}${draft ? ', concept' : ''}); wijzigingen gaan in die versie. Deze versie kunt u bekijken.`,
  scenarioChanged:
    'Dit scenario is intussen door iemand anders gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
  basedOnTimestamp: 'Geef het tijdstip van de geladen versie, zoals de server het gaf (ISO 8601 met tijdzone).',
  basedOnConfig: 'Geef de geladen versie mee: basedOn met version en updated.',
  basedOnScenario: 'Geef de geladen versie mee: basedOn met changed.',
  reload: 'Opnieuw laden',
  discardTitle: 'Wijzigingen verwerpen?',
  discardText: 'U heeft wijzigingen die nog niet zijn opgeslagen. Als u sluit, gaan ze verloren.',
  discardConfirm: 'Verwerpen',
  discardCancel: 'Verder bewerken',
} as const;

/** The moment of the loaded version, as the API answered it. */
const timestampSchema = z.iso.datetime({ offset: true, error: CONCURRENCY_TEXTS.basedOnTimestamp });

/** A configuration save builds on the version shown: its number and its `updated`. */
export const configBasedOnSchema = z.object(
  {
    version: z
      .number({ error: CONCURRENCY_TEXTS.basedOnConfig })
      .int(CONCURRENCY_TEXTS.basedOnConfig)
      .min(1, CONCURRENCY_TEXTS.basedOnConfig)
      .max(MAX_INTEGER, MAX_INTEGER_TEXT),
    updated: timestampSchema,
  },
  { error: CONCURRENCY_TEXTS.basedOnConfig },
);
export type ConfigBasedOn = z.infer<typeof configBasedOnSchema>;

/** A scenario change builds on the scenario shown: its `changed`. */
export const scenarioBasedOnSchema = z.object(
  { changed: timestampSchema },
  { error: CONCURRENCY_TEXTS.basedOnScenario },
);

/** Whether a stored moment is the one a save builds on (both to the millisecond, as the API shows it). */
export function sameMoment(stored: Date, basedOn: string): boolean {
  return stored.getTime() === Date.parse(basedOn);
}
