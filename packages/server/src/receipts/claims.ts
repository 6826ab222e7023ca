import { hash } from 'node:crypto';
import canonicalize from 'canonicalize';
import {
  deliveryReceiptClaimsSchema,
  flowOf,
  type DeliveryReceipt,
  type DeliveryReceiptClaims,
} from '@knooppunt/domain';
import type { ClaimedMessage } from '../delivery/claim';

/**
 * What a message's receipt states (decision 0060), from the claimed message and its delivery. The
 * keys are in lexicographic order, so that `JSON.stringify` writes the RFC 8785 canonical form the
 * batch's leaf hashes (a flat object of strings and integers: JCS sorts keys, writes as ES does).
 */
export function receiptClaims(
  message: Pick<
    ClaimedMessage,
    'id' | 'opdrachtId' | 'type' | 'versienummer' | 'sender' | 'receiver' | 'created' | 'failedAttempts'
  >,
  delivery: { at: Date; status: number; sha256: string },
): DeliveryReceiptClaims {
  return {
    acceptedAt: message.created.toISOString(),
    attempt: message.failedAttempts + 1,
    deliveredAt: delivery.at.toISOString(),
    flow: flowOf(message.versienummer),
    iat: Math.floor(delivery.at.getTime() / 1000),
    id: message.id,
    opdrachtId: message.opdrachtId,
    receiver: message.receiver,
    sender: message.sender,
    sha256: delivery.sha256,
    status: delivery.status,
    type: message.type,
    versienummer: message.versienummer,
  };
}

/** What the receipt of a delivery over HTTP states; none for one taken by the test lane's simulator. */
export function claimsOfDelivery(
  message: ClaimedMessage,
  delivery: { at: Date; status?: number; sha256?: string },
): DeliveryReceiptClaims | undefined {
  if (delivery.status === undefined || delivery.sha256 === undefined) return undefined;
  return receiptClaims(message, { at: delivery.at, status: delivery.status, sha256: delivery.sha256 });
}

/** Hex SHA-256 of a text's UTF-8: the one-shot hash, without a Hash object per call (hot path). */
export const sha256Hex = (text: string) => hash('sha256', text, 'hex');

/**
 * The leaf of a receipt in its batch: the hex SHA-256 of its claims in canonical JSON (RFC 8785);
 * the signer hands that text over as it wrote it, a verifier the claims as it read them.
 */
export function receiptLeaf(claims: DeliveryReceiptClaims | undefined, canonical?: string): string {
  return sha256Hex(canonical ?? canonicalize(claims) ?? '');
}

/**
 * A receipt as `messages.receipt` keeps it: `<batch id>.<index>.<sha256>.<status>.<attempt>.<acceptedAt>`
 * — what its claims state beyond the message's own row, which holds the rest (id, order, type,
 * version, parties, delivered_at: the instant the receipt states). Short, since every byte of it
 * goes to the database with the recording (bench:delivery), and needing no quoting in its array.
 */
export function storedReceipt(batch: string, index: number, claims: DeliveryReceiptClaims): string {
  return `${batch}.${index}.${claims.sha256}.${claims.status}.${claims.attempt}.${claims.acceptedAt}`;
}

/** The message's own fields a stored receipt's claims are made whole with. */
export interface ReceiptRow {
  id: string;
  opdrachtId: string;
  type: string;
  versienummer: string;
  sender: string;
  receiver: string;
  /** ISO 8601, to the millisecond, as the worker recorded it. */
  deliveredAt: string | null;
}

/**
 * A stored receipt with its batch's JWS and its message's row, as the API answers it; null when
 * there is none (not delivered over HTTP, or delivered before receipts) or it cannot be read.
 */
export function receiptView(stored: string | null, batchJws: string | null, row: ReceiptRow): DeliveryReceipt | null {
  if (stored === null || batchJws === null || row.deliveredAt === null) return null;
  // The batch id is a uuid; the rest has no dot but the time's seconds fraction.
  const [, index, sha256, status, attempt, ...acceptedAt] = stored.split('.');
  const deliveredAt = new Date(row.deliveredAt);
  const claims = deliveryReceiptClaimsSchema.safeParse({
    acceptedAt: acceptedAt.join('.'),
    attempt: Number(attempt),
    deliveredAt: deliveredAt.toISOString(),
    flow: flowOf(row.versienummer),
    iat: Math.floor(deliveredAt.getTime() / 1000),
    id: row.id,
    opdrachtId: row.opdrachtId,
    receiver: row.receiver,
    sender: row.sender,
    sha256,
    status: Number(status),
    type: row.type,
    versienummer: row.versienummer,
  });
  return claims.success ? { claims: claims.data, index: Number(index), batch: batchJws } : null;
}
