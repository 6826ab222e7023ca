import { hkdfSync, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';
import { signingKeys } from '../db/schema';

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

/**
 * The embedded provider's signing keys: created once and kept in the database, so every process
 * and every restart signs and verifies with the same keys.
 */
export async function ensureSigningKeys(db: Database): Promise<JWK[]> {
  const existing = await db.select().from(signingKeys);
  if (existing.length === 0) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    await db.insert(signingKeys).values({ kid, jwk }).onConflictDoNothing();
    return ensureSigningKeys(db);
  }
  return existing.map((row) => row.jwk as JWK);
}

export function publicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy as JWK;
}

/**
 * Keys for the provider's signed cookies, derived from the signing keys' private material: every
 * process and every restart agrees on them without another secret to store. HKDF keeps them
 * independent of the signing key itself.
 */
export function cookieKeys(jwks: JWK[]): Buffer[] {
  return jwks.map((jwk) => {
    if (!jwk.d) throw new Error(`signing key ${jwk.kid ?? '?'} has no private part`);
    return Buffer.from(hkdfSync('sha256', Buffer.from(jwk.d, 'base64url'), '', 'knooppunt-idp-cookies', 32));
  });
}
