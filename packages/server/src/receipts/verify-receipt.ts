import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { deliveryReceiptClaimsSchema, type DeliveryReceipt, type DeliveryReceiptClaims } from '@knooppunt/domain';
import { receiptLeaf } from './claims';
import { RECEIPT_TYP } from './signer';

/**
 * Checks a receipt (decision 0060) as any party can: the batch's JWS with Knooppunt's keys, then
 * the hash of the claims in canonical JSON against the batch's leaf at the receipt's index.
 * Answers the claims when both hold, else why not.
 */
export async function verifyReceipt(
  receipt: Pick<DeliveryReceipt, 'claims' | 'index' | 'batch'>,
  keys: JWTVerifyGetKey,
): Promise<{ claims: DeliveryReceiptClaims; kid: string | undefined } | { failure: 'signature' | 'hash' }> {
  let leaves: unknown;
  let kid: string | undefined;
  try {
    const { payload, protectedHeader } = await jwtVerify(receipt.batch, keys, {
      typ: RECEIPT_TYP,
      algorithms: ['ES256'],
    });
    leaves = payload.leaves;
    kid = protectedHeader.kid;
  } catch {
    return { failure: 'signature' };
  }
  const claims = deliveryReceiptClaimsSchema.safeParse(receipt.claims);
  if (!claims.success || !Array.isArray(leaves) || leaves[receipt.index] !== receiptLeaf(claims.data)) {
    return { failure: 'hash' };
  }
  return { claims: claims.data, kid };
}
