import { EXAMPLE_BERICHTEN, type BerichtInput, type MessageType } from '@knooppunt/domain';

export type DemoBericht<T extends MessageType = MessageType> = Extract<BerichtInput, { type: T }>;

/**
 * A message of the demo's traffic: the domain's example of its type, about `opdrachtId`, with
 * `data` changed where given (shallowly).
 */
export function demoBericht<T extends MessageType>(
  type: T,
  opdrachtId: string,
  data: Partial<DemoBericht<T>['data']> = {},
): DemoBericht<T> {
  const example: DemoBericht<T> = EXAMPLE_BERICHTEN[type];
  return { ...example, opdrachtId, data: { ...structuredClone(example.data), ...data } };
}

/** `yyyy-mm-dd` of the day `days` after `now` (UTC: the demo does not care about the hour). */
export function demoDay(now: Date, days = 0): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Some variety for the order lists: real streets, postcodes that match their town. */
const ADRESSEN = [
  { straat: 'Biltstraat', huisnummer: 112, postcode: '3572 BH', plaats: 'Utrecht' },
  { straat: 'Vismarkt', huisnummer: 7, postcode: '9712 CA', plaats: 'Groningen' },
  { straat: 'Stratumseind', huisnummer: 21, postcode: '5611 EN', plaats: 'Eindhoven' },
  { straat: 'Nieuwstad', huisnummer: 48, postcode: '7201 NP', plaats: 'Zutphen' },
  { straat: 'Hoogstraat', huisnummer: 3, postcode: '3011 PJ', plaats: 'Rotterdam' },
  { straat: 'Breestraat', huisnummer: 90, postcode: '2311 CS', plaats: 'Leiden' },
  { straat: 'Grote Markt', huisnummer: 15, postcode: '8011 LW', plaats: 'Zwolle' },
] as const;

const TRACES = [
  {
    traceOmschrijving: 'Middenspanningskabel langs de Oude Rijn, van station Noord tot de Weipoort.',
    plaats: 'Leiden',
  },
  { traceOmschrijving: 'Gasleiding Assendorperstraat, noordzijde.', plaats: 'Zwolle' },
  { traceOmschrijving: 'Laagspanningsnet Kanaleneiland, blok C tot en met F.', plaats: 'Utrecht' },
] as const;

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)] as T;

/** A new connection order from a grid operator to `opdrachtnemer`. */
export function demoOpdracht(opdrachtId: string, opdrachtnemer: string, now: Date, random: () => number) {
  return demoBericht('Opdracht', opdrachtId, {
    opdrachtnemer,
    adres: pick(ADRESSEN, random),
    gewensteUitvoerdatum: demoDay(now, 14 + Math.floor(random() * 30)),
    omschrijving: 'Demo-opdracht: nieuwe aansluiting.',
  });
}

/** A new main-grid order from a grid operator to `opdrachtnemer`. */
export function demoOpdrachtHoofdnet(opdrachtId: string, opdrachtnemer: string, now: Date, random: () => number) {
  return demoBericht('OpdrachtHoofdnet', opdrachtId, {
    opdrachtnemer,
    ...pick(TRACES, random),
    lengteMeter: 100 + Math.floor(random() * 900),
    geplandeOplevering: demoDay(now, 60 + Math.floor(random() * 120)),
  });
}
