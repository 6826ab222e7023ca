import { randomUUID, sign } from 'node:crypto';
import type { DeliveryReceiptClaims } from '@knooppunt/domain';
import type { Database } from '../db/client';
import type { DeliveredId } from '../delivery/complete';
import { receiptLeaf, storedReceipt } from './claims';
import { currentReceiptKey, RECEIPT_ALG, type ReceiptKey } from './keys';

/** The JOSE header `typ` of a batch of receipts, so that no other JWT of Knooppunt passes for one. */
export const RECEIPT_TYP = 'knooppunt-receipts+jwt';
/** How often a signer looks for a rotated key: a receipt signed meanwhile with the retired key still verifies. */
export const RECEIPT_KEY_REFRESH_MS = 60_000;

/** One signed batch: its id and JWS, and each receipt as `messages.receipt` keeps it, in order. */
export interface SignedBatch {
  id: string;
  jws: string;
  stored: string[];
}

export interface ReceiptSigner {
  /**
   * Signs the receipts of one recording at once (decision 0060): one ES256 signature over the
   * canonical hashes of their claims, however many. Synchronous: ~25 µs a batch, ~3 µs a receipt.
   */
  signBatch(claims: readonly DeliveryReceiptClaims[]): SignedBatch;
  stop(): void;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

const headerOf = (key: ReceiptKey, typ: string) => base64url(JSON.stringify({ alg: RECEIPT_ALG, kid: key.kid, typ }));

/** The signature (base64url) of a JWS signing input with a receipt key: ES256, r‖s as JWA asks. */
function signatureOf(key: ReceiptKey, input: string): string {
  return sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
}

/**
 * A compact JWS with a detached payload (RFC 7515 appendix F): `header..signature`, signed over
 * the payload's bytes as given. The evidence file's signature (decision 0062).
 */
export function signDetached(key: ReceiptKey, typ: string, payload: string): string {
  const header = headerOf(key, typ);
  return `${header}..${signatureOf(key, `${header}.${base64url(payload)}`)}`;
}

/**
 * Signs delivery receipts (decision 0060) on the delivery worker's hot path, a recording's batch
 * at a time: an ES256 signature costs ~25 µs idle and ~80 µs on the busy drain's cores — per
 * message a third of the drain's rate (bench:delivery, docs/performance.md session 26) — so one
 * signature covers every receipt of a recording, each by the hash of its canonical claims. The key
 * is loaded once and looked up again every minute (a rotation by `npm run knooppunt --
 * rotate-receipt-key` reaches every process within that), so signing never waits for the
 * database. ES256 with node:crypto directly — the compact JWS of RFC 7515, the signature as r‖s
 * (IEEE P1363) as JWA asks; any JOSE library verifies it (the tests use jose's).
 */
export async function createReceiptSigner(
  db: Database,
  options: { refreshMs?: number; onRefreshFailed?: (error: unknown) => void } = {},
): Promise<ReceiptSigner> {
  let key: ReceiptKey = await currentReceiptKey(db);
  let header = headerOf(key, RECEIPT_TYP);
  const timer = setInterval(() => {
    currentReceiptKey(db).then(
      (current) => {
        if (current.kid === key.kid) return;
        key = current;
        header = headerOf(key, RECEIPT_TYP);
      },
      (error: unknown) => options.onRefreshFailed?.(error),
    );
  }, options.refreshMs ?? RECEIPT_KEY_REFRESH_MS);
  timer.unref();
  return {
    signBatch(claims) {
      const id = randomUUID();
      const leaves: string[] = [];
      const stored: string[] = [];
      for (let index = 0; index < claims.length; index++) {
        const one = claims[index]!;
        // The claims' keys are in canonical order (claims.ts): JSON.stringify is their RFC 8785 form.
        leaves.push(receiptLeaf(undefined, JSON.stringify(one)));
        stored.push(storedReceipt(id, index, one));
      }
      const payload = { batch: id, iat: Math.floor(Date.now() / 1000), leaves };
      const input = `${header}.${base64url(JSON.stringify(payload))}`;
      return { id, jws: `${input}.${signatureOf(key, input)}`, stored };
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Signs, in one batch, the receipts of a recording's deliveries that have claims and no receipt
 * yet (kept outcomes of a failed recording keep theirs), and gives each its stored receipt and batch.
 */
export function signRecording(signer: Pick<ReceiptSigner, 'signBatch'>, delivered: readonly DeliveredId[]): void {
  const unsigned = delivered.filter((one) => one.claims !== undefined && one.receipt === undefined);
  if (unsigned.length === 0) return;
  const batch = signer.signBatch(unsigned.map((one) => one.claims!));
  const signed = { id: batch.id, jws: batch.jws };
  unsigned.forEach((one, index) => {
    one.receipt = batch.stored[index];
    one.batch = signed;
  });
}
