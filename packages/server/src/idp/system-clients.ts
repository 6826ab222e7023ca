import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { isStorableText } from '../db/text';
import { activeClientForProvider, markUsed, type ProviderClientRow } from '../modules/system-clients/repository';
import { verifyPassword } from './passwords';

/**
 * The stand-in for `client_secret` in a secret client's metadata: the provider's schema wants one
 * for client_secret_basic, but we keep only a hash. It never authenticates anything: the provider's
 * compare is ours (`verifySecret`), and nothing symmetric (HS*) is enabled that would use it as a key.
 */
const HASHED_SECRET_PLACEHOLDER = 'secret-kept-as-hash-only';

/** The extra metadata that carries the hashes from `find` to the compare: never sent anywhere. */
export const SECRET_HASHES_PROPERTY = 'knooppunt_secret_hashes';

export interface SecretHashes {
  current: string | null;
  previous: string | null;
  /** Epoch milliseconds until which `previous` works. */
  previousExpires: number | null;
}

/** Verified (hash, secret digest) pairs remembered, and for how long. */
const VERIFIED_CACHE_SIZE = 1000;
const VERIFIED_TTL_MS = 10 * 60 * 1000;
/** A process writes a client's last use at most this often (the query itself also keeps it to a minute). */
const LAST_USED_INTERVAL_MS = 60 * 1000;
const LAST_USED_REMEMBERED = 10_000;

/**
 * A participant's system client as the provider's `Client` model knows it (oidc-provider's
 * metadata): client credentials only, its participant (`deelnemer`, which the token carries), and
 * either its secret's hashes (client_secret_basic) or its public keys (private_key_jwt).
 */
export function clientMetadata(row: ProviderClientRow): AdapterPayload {
  const common = {
    client_id: row.clientId,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    deelnemer: row.deelnemer,
    omgeving: row.omgeving,
  };
  if (row.authMethod === 'private_key_jwt') {
    return { ...common, token_endpoint_auth_method: 'private_key_jwt', jwks: row.jwks ?? { keys: [] } };
  }
  const hashes: SecretHashes = {
    current: row.secretHash,
    previous: row.previousSecretHash,
    previousExpires: row.previousSecretExpires?.getTime() ?? null,
  };
  return {
    ...common,
    token_endpoint_auth_method: 'client_secret_basic',
    client_secret: HASHED_SECRET_PLACEHOLDER,
    [SECRET_HASHES_PROPERTY]: hashes,
  };
}

/**
 * The system clients at the embedded provider (decision 0019), read from `system_clients` on every
 * request that names one, so a rotation or revocation counts from the next request on in every
 * process. A secret is checked against its scrypt hash; a (hash, secret) pair once verified is
 * remembered by the secret's SHA-256 for a while, so a system that asks a token per request does
 * not cost a scrypt each time. The pair is tied to the hash it matched, and the hashes come fresh
 * from the database each time: a rotated-away or revoked secret is never accepted from memory.
 */
export function createSystemClientStore(db: Database, log: FastifyBaseLogger) {
  const verified = new Map<string, { digest: Buffer; until: number }>();
  const lastWritten = new Map<string, number>();
  const writing = new Set<Promise<void>>();

  const remember = (hash: string, digest: Buffer) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(hash, { digest, until: Date.now() + VERIFIED_TTL_MS });
  };

  async function matches(hash: string, secret: string, digest: Buffer): Promise<boolean> {
    const known = verified.get(hash);
    if (known && known.until > Date.now() && timingSafeEqual(known.digest, digest)) return true;
    if (!(await verifyPassword(secret, hash))) return false;
    remember(hash, digest);
    return true;
  }

  return {
    /** The provider's adapter for its `Client` model: a system client that is not revoked, or nothing. */
    adapter: {
      async find(id: string) {
        if (!isStorableText(id)) return undefined;
        const row = await activeClientForProvider(db, id);
        return row ? clientMetadata(row) : undefined;
      },
      // Clients are managed through /rest/clients, never through the provider.
      async upsert() {},
      async findByUid() {
        return undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume() {},
      async destroy() {},
      async revokeByGrantId() {},
    } satisfies Adapter,

    /** Whether `secret` is the client's current secret, or its previous one within the grace period. */
    async verifySecret(hashes: SecretHashes | undefined, secret: string): Promise<boolean> {
      if (!hashes) return false;
      const digest = createHash('sha256').update(secret).digest();
      if (hashes.current && (await matches(hashes.current, secret, digest))) return true;
      const previousValid = hashes.previous && hashes.previousExpires !== null && hashes.previousExpires > Date.now();
      return !!previousValid && matches(hashes.previous!, secret, digest);
    },

    /**
     * Records that the client got a token: at most once a minute per client and process, in the
     * background; a failure is logged and never fails the token request.
     */
    recordUse(clientId: string): void {
      const now = Date.now();
      if ((lastWritten.get(clientId) ?? 0) > now - LAST_USED_INTERVAL_MS) return;
      if (lastWritten.size >= LAST_USED_REMEMBERED) lastWritten.clear();
      lastWritten.set(clientId, now);
      const write = markUsed(db, clientId)
        .catch((error: unknown) => {
          lastWritten.delete(clientId);
          log.warn({ err: error, clientId }, 'recording the last use of a system client failed');
        })
        .finally(() => writing.delete(write));
      writing.add(write);
    },

    /** Waits for the last-use writes under way (before the database closes). */
    async idle(): Promise<void> {
      await Promise.all(writing);
    },
  };
}
export type SystemClientStore = ReturnType<typeof createSystemClientStore>;
