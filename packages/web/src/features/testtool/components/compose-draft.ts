import {
  AANSLUITING_MESSAGE_TYPES,
  EXAMPLE_BERICHTEN,
  HOOFDNET_MESSAGE_TYPES,
  MESSAGE_INDENT,
  versienummerOf,
  type Flow,
  type MessageType,
} from '@knooppunt/domain';

/** What 'Bericht samenstellen' holds: the type, the order and the data as the user typed it. */
export interface ComposeDraft {
  type: MessageType;
  opdrachtId: string;
  /** JSON text, not yet parsed: it may be half typed. */
  data: string;
}

/** Every type of both flows, Aansluiting first, each with its flow. */
export const COMPOSABLE_TYPES: readonly { type: MessageType; flow: Flow }[] = [
  ...Object.keys(AANSLUITING_MESSAGE_TYPES).map((type) => ({
    type: type as MessageType,
    flow: 'aansluiting' as const,
  })),
  ...Object.keys(HOOFDNET_MESSAGE_TYPES).map((type) => ({ type: type as MessageType, flow: 'hoofdnet' as const })),
];

export const isMessageType = (type: string): type is MessageType => Object.hasOwn(EXAMPLE_BERICHTEN, type);

/** A draft of `type` with the domain's example data, `fields` over it (what a run's step asks for). */
export function draftOf(type: MessageType, opdrachtId = '', fields: Record<string, unknown> = {}): ComposeDraft {
  const data = { ...EXAMPLE_BERICHTEN[type].data, ...fields };
  return { type, opdrachtId, data: JSON.stringify(data, null, MESSAGE_INDENT) };
}

export const FIRST_DRAFT = draftOf(COMPOSABLE_TYPES[0]!.type);

/** The data as JSON, or `undefined` when the text is no JSON. */
export function parseData(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The message as a participant's system POSTs it to /api/v1/berichten. */
export function envelopeOf(draft: ComposeDraft, data: unknown) {
  return { type: draft.type, versienummer: versienummerOf(draft.type), opdrachtId: draft.opdrachtId.trim(), data };
}
