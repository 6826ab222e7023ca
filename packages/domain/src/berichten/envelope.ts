import { z } from 'zod';
import { VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET } from '../constants';
import {
  AANSLUITING_MESSAGE_TYPES,
  HOOFDNET_MESSAGE_TYPES,
  type AansluitingMessageType,
  type Flow,
  type HoofdnetMessageType,
  type MessageType,
} from '../messageTypes';
import { AANSLUITING_DATA_SCHEMAS } from './aansluiting';
import { identificatie } from './common';
import { HOOFDNET_DATA_SCHEMAS } from './hoofdnet';
import { BERICHT_TEXTS } from './texts';

export const BERICHT_DATA_SCHEMAS = { ...AANSLUITING_DATA_SCHEMAS, ...HOOFDNET_DATA_SCHEMAS };
export type BerichtDataSchemas = typeof BERICHT_DATA_SCHEMAS;

/** All 22 message types: first the Aansluiting flow, then Hoofdnet, in the order of spec 000 §3. */
export const MESSAGE_TYPES = [...Object.keys(AANSLUITING_MESSAGE_TYPES), ...Object.keys(HOOFDNET_MESSAGE_TYPES)] as [
  MessageType,
  ...MessageType[],
];

export function flowOfMessageType(type: MessageType): Flow {
  return Object.hasOwn(HOOFDNET_MESSAGE_TYPES, type) ? 'hoofdnet' : 'aansluiting';
}

/** The one version number a message of this type carries: '2.0' (Aansluiting) or 'h1.0' (Hoofdnet). */
export function versienummerOf(type: MessageType): string {
  return flowOfMessageType(type) === 'hoofdnet' ? VERSIENUMMER_HOOFDNET : VERSIENUMMER_AANSLUITING;
}

/** The schema of the `data` of one message type. */
export function dataSchemaFor<T extends MessageType>(type: T): BerichtDataSchemas[T] {
  return BERICHT_DATA_SCHEMAS[type];
}

export type BerichtData<T extends MessageType> = z.output<BerichtDataSchemas[T]>;

const opdrachtId = identificatie(BERICHT_TEXTS.opdrachtId);

/**
 * The envelope of every message, without looking into `data`: a known type, the version number
 * of that type's flow (a mismatch is an issue on `versienummer`) and a safe order id.
 */
export const berichtEnvelopeSchema = z
  .object({
    type: z.enum(MESSAGE_TYPES, { error: BERICHT_TEXTS.onbekendType }),
    versienummer: z.enum([VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET], {
      error: `Gebruik versienummer ${VERSIENUMMER_AANSLUITING} of ${VERSIENUMMER_HOOFDNET}.`,
    }),
    opdrachtId,
    data: z.record(z.string(), z.unknown(), { error: BERICHT_TEXTS.dataObject }),
  })
  .superRefine((envelope, ctx) => {
    const expected = versienummerOf(envelope.type);
    if (envelope.versienummer !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['versienummer'],
        message: BERICHT_TEXTS.versienummer(envelope.type, expected),
      });
    }
  });
export type BerichtEnvelope = z.output<typeof berichtEnvelopeSchema>;

function aansluiting<T extends AansluitingMessageType>(type: T) {
  return z.object({
    type: z.literal(type),
    versienummer: z.literal(VERSIENUMMER_AANSLUITING, {
      error: BERICHT_TEXTS.versienummer(type, VERSIENUMMER_AANSLUITING),
    }),
    opdrachtId,
    data: AANSLUITING_DATA_SCHEMAS[type],
  });
}

function hoofdnet<T extends HoofdnetMessageType>(type: T) {
  return z.object({
    type: z.literal(type),
    versienummer: z.literal(VERSIENUMMER_HOOFDNET, { error: BERICHT_TEXTS.versienummer(type, VERSIENUMMER_HOOFDNET) }),
    opdrachtId,
    data: HOOFDNET_DATA_SCHEMAS[type],
  });
}

/** A whole message, discriminated on `type`: the request body of `POST /api/v1/berichten`. */
export const berichtSchema = z.discriminatedUnion(
  'type',
  [
    aansluiting('Opdracht'),
    aansluiting('Bijstelling'),
    aansluiting('Planning'),
    aansluiting('TG'),
    aansluiting('AGA'),
    aansluiting('AGP'),
    aansluiting('BeoordelingTG'),
    aansluiting('BeoordelingAGA'),
    aansluiting('BeoordelingAGP'),
    aansluiting('OpdrachtGereed'),
    aansluiting('Annulering'),
    aansluiting('AnnuleringGereed'),
    hoofdnet('OpdrachtHoofdnet'),
    hoofdnet('BeoordelingHoofdnet'),
    hoofdnet('Deellevering'),
    hoofdnet('Deelproductiestaat'),
    hoofdnet('BeoordelingLevering'),
    hoofdnet('Eindlevering'),
    hoofdnet('Eindproductiestaat'),
    hoofdnet('OpdrachtGereedHoofdnet'),
    hoofdnet('AnnuleringHoofdnet'),
    hoofdnet('PlanningHoofdnet'),
  ],
  { error: BERICHT_TEXTS.onbekendType },
);
export type Bericht = z.output<typeof berichtSchema>;
export type BerichtInput = z.input<typeof berichtSchema>;

/**
 * Validates a request body: first the envelope (so all its faults are named at once), then the
 * `data` of its type, with issue paths such as `data.adres.postcode`. The parsed value is
 * normalised (trimmed texts, postcode '1234AB').
 */
export function parseBericht(body: unknown): { success: true; data: Bericht } | { success: false; error: z.ZodError } {
  const envelope = berichtEnvelopeSchema.safeParse(body);
  if (!envelope.success) return { success: false, error: envelope.error };
  return berichtSchema.safeParse(body);
}
