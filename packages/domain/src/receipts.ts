import { z } from 'zod';

/**
 * A delivery receipt (issue 32, decision 0060): what Knooppunt delivered to whom and when, signed
 * (a JWS, ES256) with Knooppunt's receipt key. `sha256` is the hex SHA-256 of the exact bytes of
 * the body the receiver got; `status` the HTTP status it answered; `attempt` 1 for the first try.
 * Times are ISO 8601 in UTC; `iat` is the signing time in seconds, as in a JWT.
 */
export const deliveryReceiptClaimsSchema = z.object({
  id: z.uuid().meta({ description: 'The message id.' }),
  opdrachtId: z.string(),
  type: z.string(),
  versienummer: z.string(),
  flow: z.enum(['aansluiting', 'hoofdnet']),
  sender: z.string(),
  receiver: z.string(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({ description: 'Hex SHA-256 of the exact body delivered (UTF-8 bytes).' }),
  acceptedAt: z.iso.datetime().meta({ description: 'When Knooppunt accepted the message (202).' }),
  deliveredAt: z.iso.datetime().meta({ description: 'When the receiver answered 2xx.' }),
  status: z.int().min(200).max(299).meta({ description: 'The HTTP status the receiver answered.' }),
  attempt: z.int().min(1).meta({ description: 'Which attempt delivered it: 1 for the first.' }),
  iat: z.int(),
});
export type DeliveryReceiptClaims = z.infer<typeof deliveryReceiptClaimsSchema>;

/**
 * A receipt as it is stored and answered: its claims, and where they stand in the batch Knooppunt
 * signed with them (decision 0060). The worker signs once per recording, not per message: `batch`
 * is a compact JWS (ES256, `typ` knooppunt-receipts+jwt) whose payload lists the SHA-256 (hex) of
 * each receipt's claims in RFC 8785 canonical JSON, `leaves`; this receipt's is at `index`.
 * Verify: the JWS with the published keys, then `leaves[index]` against the claims' hash.
 */
export const deliveryReceiptSchema = z.object({
  claims: deliveryReceiptClaimsSchema,
  index: z.int().min(0).meta({ description: 'Where the hash of `claims` stands in the batch’s `leaves`.' }),
  batch: z.string().meta({
    description:
      'Compact JWS (ES256, `typ` knooppunt-receipts+jwt) of `{ batch, leaves, iat }`: `leaves` the hex SHA-256 of each receipt’s claims in RFC 8785 canonical JSON.',
  }),
});
export type DeliveryReceipt = z.infer<typeof deliveryReceiptSchema>;

/**
 * Where a message stands, for the systems of its order's parties (`GET /api/v1/berichten/{id}`):
 * `accepted` — stored, not yet offered to the receiver; `waiting` — behind an earlier message of
 * the same order to the same receiver (`waitingFor`), or the receiver's sending process is paused;
 * `failing` — offered and refused or unreachable (`attempts`, `lastError`, `nextAttempt`);
 * `delivered` — the receiver answered 2xx (`deliveredAt`, and its signed `receipt`).
 */
export const MESSAGE_STATES = ['accepted', 'waiting', 'failing', 'delivered'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const berichtStatusSchema = z.object({
  id: z.uuid(),
  opdrachtId: z.string(),
  type: z.string(),
  versienummer: z.string(),
  sender: z.string(),
  receiver: z.string(),
  acceptedAt: z.iso.datetime(),
  status: z.enum(MESSAGE_STATES),
  deliveredAt: z.iso.datetime().nullable(),
  attempts: z.int().min(0).meta({ description: 'Failed attempts so far.' }),
  lastAttempt: z.iso.datetime().nullable(),
  nextAttempt: z.iso.datetime().nullable().meta({ description: 'When it is offered again; null once delivered.' }),
  lastError: z.string().nullable(),
  waitingFor: z.uuid().nullable().meta({ description: 'The earlier message of the order it waits behind.' }),
  paused: z.boolean().meta({ description: 'The receiver’s sending process for this version is paused.' }),
  receipt: deliveryReceiptSchema.nullable().meta({ description: 'Once delivered over HTTP: the signed receipt.' }),
});
export type BerichtStatus = z.infer<typeof berichtStatusSchema>;
