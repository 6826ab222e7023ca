import { z } from 'zod';

/** Dutch answers of the participants' API. */
export const INBOUND_TEXTS = {
  unknownType: (type: string) => `Onbekend berichttype '${type}'.`,
  notAParty: (deelnemer: string, opdrachtId: string) =>
    `${deelnemer} is geen opdrachtgever of opdrachtnemer van opdracht ${opdrachtId}.`,
  wrongSide: (type: string, side: string) => `Een ${side} mag geen bericht van het type ${type} sturen.`,
  orderExists: (opdrachtId: string) => `Opdracht ${opdrachtId} bestaat al.`,
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The answer to an accepted message: its id, also when it was accepted before (same idempotency key). */
export const acceptedSchema = z.object({ id: z.string(), duplicate: z.boolean() });
