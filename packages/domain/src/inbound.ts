import { z } from 'zod';
import type { Side } from './messageTypes';
import { DELEGATED_TYPE, type OrganisationType } from './organisations';

/**
 * Which organisation types send the messages of each side of an order (docs/decisions/0015): a
 * grid operator, or a delegated one acting for it, gives orders and sends the opdrachtgever's
 * messages; a contractor or combi receives the orders and sends the opdrachtnemer's. Other types
 * (implementation partners, the platform's administrators) send none.
 */
export const SENDING_TYPES: Record<Side, readonly OrganisationType[]> = {
  opdrachtgever: ['Netbeheerder', DELEGATED_TYPE],
  opdrachtnemer: ['Aannemer', 'Combi'],
};

/** Whether an organisation of this type sends the messages of `side`. */
export const sendsFor = (side: Side, organisationType: string): boolean =>
  (SENDING_TYPES[side] as readonly string[]).includes(organisationType);

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} of ${items.at(-1)}`;

/** Dutch answers of the participants' API. */
export const INBOUND_TEXTS = {
  unknownType: (type: string) => `Onbekend berichttype '${type}'.`,
  wrongSide: (type: string, side: string) => `Een ${side} mag geen bericht van het type ${type} sturen.`,
  orderExists: (opdrachtId: string) => `Opdracht ${opdrachtId} bestaat al.`,
  /** The token's deelnemer is no organisation of the platform. */
  afzenderOnbekend: (deelnemer: string) => `Afzender ${deelnemer} is geen bekende deelnemer van het platform.`,
  /** The sender's or the receiver's organisation is deactivated (issue 29). */
  afzenderGedeactiveerd: (deelnemer: string) =>
    `Afzender ${deelnemer} is gedeactiveerd in Knooppunt en kan geen berichten aanbieden.`,
  ontvangerGedeactiveerd: (deelnemer: string) =>
    `Ontvanger ${deelnemer} is gedeactiveerd in Knooppunt en ontvangt geen berichten; het bericht is niet aangenomen.`,
  /** The sender's organisation type does not send this type (SENDING_TYPES). */
  afzenderVerkeerdeKant: (type: string, side: Side, deelnemer: string, organisationType: string) =>
    `Bericht ${type} wordt verstuurd door de ${side} (${list(SENDING_TYPES[side].map((t) => t.toLowerCase()))}); afzender ${deelnemer} is een ${organisationType.toLowerCase()}.`,
  opdrachtnemerOnbekend: (opdrachtnemer: string) =>
    `Opdrachtnemer '${opdrachtnemer}' is geen bekende deelnemer van het platform (let op hoofdletters, spaties en underscores).`,
  opdrachtnemerGeenAannemer: (opdrachtnemer: string, organisationType: string) =>
    `Opdrachtnemer ${opdrachtnemer} is een ${organisationType.toLowerCase()}; een opdracht gaat naar een aannemer of combi.`,
  /** A grid operator gives orders for itself only. */
  opdrachtgeverAlleenZelf: (deelnemer: string) =>
    `Een netbeheerder geeft alleen opdrachten namens zichzelf: laat opdrachtgever weg of vul ${deelnemer} in.`,
  /** A delegated grid operator names the grid operator it gives the order for. */
  opdrachtgeverNamens: (deelnemer: string, delegerenden: readonly string[]) =>
    delegerenden.length
      ? `${deelnemer} geeft opdrachten namens een netbeheerder: vul in opdrachtgever ${list(delegerenden)} in.`
      : `${deelnemer} heeft geen netbeheerders om namens op te treden en kan geen opdrachten geven.`,
  /** The sender's Idempotency-Key came again with another message (decision 0047). */
  idempotencyKeyReused: (key: string, id: string) =>
    `Idempotency-Key '${key}' is al gebruikt voor een ander bericht (${id}); er is niets opgeslagen. Geef elk nieuw bericht een eigen sleutel; alleen hetzelfde bericht opnieuw sturen doet u met dezelfde sleutel.`,
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The answer to an accepted message: its id, also when it was accepted before (same idempotency key). */
export const acceptedSchema = z.object({ id: z.string(), duplicate: z.boolean() });
