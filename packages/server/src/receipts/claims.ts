import { decodeJwt } from 'jose';
import {
  deliveryReceiptClaimsSchema,
  flowOf,
  type DeliveryReceipt,
  type DeliveryReceiptClaims,
} from '@knooppunt/domain';
import type { ClaimedMessage } from '../delivery/claim';

/** What a message's receipt states (decision 0060), from the claimed message and its delivery. */
export function receiptClaims(
  message: Pick<
    ClaimedMessage,
    'id' | 'opdrachtId' | 'type' | 'versienummer' | 'sender' | 'receiver' | 'created' | 'failedAttempts'
  >,
  delivery: { at: Date; status: number; sha256: string },
): DeliveryReceiptClaims {
  return {
    id: message.id,
    opdrachtId: message.opdrachtId,
    type: message.type,
    versienummer: message.versienummer,
    flow: flowOf(message.versienummer),
    sender: message.sender,
    receiver: message.receiver,
    sha256: delivery.sha256,
    acceptedAt: message.created.toISOString(),
    deliveredAt: delivery.at.toISOString(),
    status: delivery.status,
    attempt: message.failedAttempts + 1,
    iat: Math.floor(delivery.at.getTime() / 1000),
  };
}

/** A stored receipt as the API answers it: the JWS and its claims, read (not verified) for the reader. */
export function receiptView(jws: string | null): DeliveryReceipt | null {
  if (jws === null) return null;
  const claims = deliveryReceiptClaimsSchema.safeParse(decodeJwt(jws));
  return claims.success ? { jws, claims: claims.data } : null;
}
