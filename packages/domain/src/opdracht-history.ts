import { z } from 'zod';
import { leveringViewSchema } from './leveringen';
import { deliveryReceiptSchema } from './receipts';
import { opdrachtTermijnSchema } from './termijnen';

/**
 * An order's history (issue 32 item 1, decision 0059): the order as it is now, every message of it
 * in the order accepted, its leveringen (Hoofdnet) and the manual actions on it from the audit log.
 * The portal's side panel of Opdrachten shows it; the participants' API will answer the same.
 */

/** One message of the order, with what it did to the order's status. */
export const opdrachtHistoryBerichtSchema = z.object({
  id: z.string(),
  type: z.string(),
  versienummer: z.string(),
  sender: z.string(),
  receiver: z.string(),
  /** When Knooppunt accepted it. */
  created: z.string(),
  /** When the receiver accepted it; null while it is not delivered. */
  deliveredAt: z.string().nullable(),
  failedAttempts: z.number().int(),
  lastAttempt: z.string().nullable(),
  /** When it is tried next; null once delivered. */
  nextAttempt: z.string().nullable(),
  /** The last failed attempt's error (kept after a later delivery). */
  err: z.object({ msg: z.string(), traceId: z.string() }).nullable(),
  /**
   * The order's status right after this message (docs/lifecycle.md), and its plan status where the
   * message set one; null where it cannot be derived (an assessment whose payload retention removed).
   */
  status: z.number().int().nullable(),
  statusText: z.string().nullable(),
  planStatusText: z.string().nullable(),
  /** The message itself, as Berichten shows it; `{}` once retention removed it (`dataRemoved`). */
  data: z.record(z.string(), z.unknown()),
  dataRemoved: z.object({ at: z.string(), afterDays: z.number().int() }).nullable(),
  /** Its signed delivery receipt once delivered over HTTP (decision 0060); null before, and for the simulator's. */
  receipt: deliveryReceiptSchema.nullable(),
});
export type OpdrachtHistoryBericht = z.infer<typeof opdrachtHistoryBerichtSchema>;

/** A levering of a Hoofdnet order: as the leveringen overview has it, without the order's own fields. */
export const opdrachtHistoryLeveringSchema = leveringViewSchema.pick({
  leveringId: true,
  type: true,
  messageType: true,
  statusText: true,
  created: true,
  changed: true,
});
export type OpdrachtHistoryLevering = z.infer<typeof opdrachtHistoryLeveringSchema>;

/** The audited actions an order's history shows: the manual cancel and the resends of its messages. */
export const OPDRACHT_HISTORY_ACTIONS = [
  'opdracht.cancel',
  'message.retry',
  'message.resend',
  'message.bulk-retry',
] as const;
export type OpdrachtHistoryAction = (typeof OPDRACHT_HISTORY_ACTIONS)[number];

/** A manual action on the order or its messages, from the audit log. */
export const opdrachtHistoryActieSchema = z.object({
  at: z.string(),
  action: z.enum(OPDRACHT_HISTORY_ACTIONS),
  /** The action in words, as the Auditlog names it. */
  actionText: z.string(),
  /**
   * Who did it: the user as the Auditlog names it for the super role; for anyone else the user's
   * organisation (decision 0059), as the audit log itself is the super role's only.
   */
  actor: z.string(),
  actorDeelnemer: z.string().nullable(),
  /** The netbeheerder the super role acted for (decision 0029). */
  actingFor: z.string().nullable(),
  /** The ids of the order's messages it concerned: none for the cancel. */
  berichten: z.array(z.string()),
  /** What else it did, in words: the messages a cancel deleted. */
  toelichting: z.string().nullable(),
});
export type OpdrachtHistoryActie = z.infer<typeof opdrachtHistoryActieSchema>;

export const opdrachtHistorySchema = z.object({
  opdrachtId: z.string(),
  versienummer: z.string(),
  flow: z.enum(['aansluiting', 'hoofdnet']),
  opdrachtgever: z.string(),
  opdrachtnemer: z.string(),
  /** The numeric status; `inError` beside it (the lists then show status 'error'). */
  status: z.number().int(),
  statusText: z.string(),
  inError: z.boolean(),
  /** Hoofdnet only; null for Aansluiting. */
  type: z.string().nullable(),
  planStatusText: z.string().nullable(),
  created: z.string(),
  changed: z.string(),
  /** Every message of the order, in the order Knooppunt accepted them. */
  berichten: z.array(opdrachtHistoryBerichtSchema),
  /** Hoofdnet: its leveringen, oldest first; always empty for Aansluiting. */
  leveringen: z.array(opdrachtHistoryLeveringSchema),
  /** Manual actions, oldest first. */
  acties: z.array(opdrachtHistoryActieSchema),
  /**
   * Its netbeheerder's deadlines as they went for this order (decision 0063): every start of one,
   * oldest first, with its end, the message that met it and its state.
   */
  termijnen: z.array(opdrachtTermijnSchema),
});
export type OpdrachtHistory = z.infer<typeof opdrachtHistorySchema>;

/** The longest opdrachtId Knooppunt accepts (the participants' API's `identificatie`). */
export const OPDRACHT_ID_MAX = 64;

export const OPDRACHT_HISTORY_TEXTS = {
  opdrachtId: `Een opdracht ID heeft 1 tot ${OPDRACHT_ID_MAX} tekens.`,
  deleted: (deleted: number, inFlight: number) =>
    [
      deleted > 0 && `${deleted} ${deleted === 1 ? 'bericht' : 'berichten'} nog te verzenden verwijderd`,
      inFlight > 0 && `${inFlight} op dat moment in aflevering`,
    ]
      .filter(Boolean)
      .join('; ') || null,
} as const;

/** The path parameter of the calls about one order. */
export const opdrachtIdParamsSchema = z.object({
  opdrachtId: z
    .string()
    .min(1, OPDRACHT_HISTORY_TEXTS.opdrachtId)
    .max(OPDRACHT_ID_MAX, OPDRACHT_HISTORY_TEXTS.opdrachtId),
});
