import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { asc, isNull, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { createAuditService, type Actor } from '../audit/service';
import type { Database } from '../db/client';
import { receiptKeys } from '../db/schema';
import { publicJwk } from '../idp/keys';

/** The algorithm of every receipt key: ECDSA P-256 with SHA-256, widely verifiable and fast to sign. */
export const RECEIPT_ALG = 'ES256';

export interface ReceiptKey {
  kid: string;
  privateKey: KeyObject;
}

async function newKeyRow(): Promise<{ kid: string; jwk: JWK }> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const exported = privateKey.export({ format: 'jwk' }) as JWK;
  // The kid is the key's RFC 7638 thumbprint: whoever holds the public key can check it.
  const kid = await calculateJwkThumbprint(publicJwk(exported));
  return { kid, jwk: { ...exported, kid, alg: RECEIPT_ALG, use: 'sig' } };
}

function toKey(row: { kid: string; jwk: Record<string, unknown> }): ReceiptKey {
  return { kid: row.kid, privateKey: createPrivateKey({ key: row.jwk as JWK, format: 'jwk' }) };
}

/**
 * The current receipt key (decision 0060), made on first use. Two processes starting at once make
 * one: the unique index on the current key keeps the second's out, which then reads the first's.
 */
export async function currentReceiptKey(db: Database): Promise<ReceiptKey> {
  const [current] = await db.select().from(receiptKeys).where(isNull(receiptKeys.retired));
  if (current) return toKey(current);
  await db
    .insert(receiptKeys)
    .values(await newKeyRow())
    .onConflictDoNothing();
  return currentReceiptKey(db);
}

/**
 * A new current key; the one before is retired but kept, so that what it signed still verifies.
 * Answers the new key's kid and the retired one's.
 */
export async function rotateReceiptKey(
  db: Database,
  actor: Actor,
): Promise<{ kid: string; retired: string | undefined }> {
  const row = await newKeyRow();
  return db.transaction(async (tx) => {
    const [retired] = await tx
      .update(receiptKeys)
      .set({ retired: sql`now()` })
      .where(isNull(receiptKeys.retired))
      .returning({ kid: receiptKeys.kid });
    await tx.insert(receiptKeys).values(row);
    await createAuditService().record(tx, actor, {
      action: 'receipt-key.rotate',
      subjectType: 'receipt-key',
      subjectId: row.kid,
      ...(retired && { before: { kid: retired.kid } }),
      after: { kid: row.kid },
    });
    return { kid: row.kid, retired: retired?.kid };
  });
}

/** Every receipt key's public part, current and retired, oldest first: the published JWKS. */
export async function publishedReceiptKeys(db: Database): Promise<{ keys: JWK[] }> {
  const rows = await db.select().from(receiptKeys).orderBy(asc(receiptKeys.created), asc(receiptKeys.kid));
  return { keys: rows.map((row) => publicJwk(row.jwk as JWK)) };
}
