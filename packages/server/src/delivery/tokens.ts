import type { Outbound } from '../outbound/client';
import { OutboundError } from '../outbound/errors';
import { judgeTokenResponse } from '../outbound/token-response';
import { DeliveryFailure, PlatformFault } from './failure';
import { DELIVERY_TEXTS } from './texts';

/** What fetching a token needs from a configuration, its secret decrypted. */
export interface TokenSource {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  useMtls: boolean;
}

export interface TokenCache {
  /** A valid token for the key: cached, or fetched once for all concurrent callers. */
  get(key: string, source: TokenSource): Promise<string>;
  /** Forgets the token (after a 401); only when it is still `token`, so a fresh one is kept. */
  invalidate(key: string, token?: string): void;
}

/** A token is renewed this long before it expires: 10 % of its life, at most 30 s. */
const MAX_MARGIN_MS = 30_000;

/**
 * Receivers' OAuth tokens by key — (deelnemer, versienummer, configuration version), so switching
 * the configuration switches the token. Client-credentials grant, form-encoded, through the
 * outbound (mTLS when the configuration wants it); an answer counts as the connection check counts it.
 */
export function createTokenCache(outbound: Pick<Outbound, 'post'>, now: () => number = Date.now): TokenCache {
  const cached = new Map<string, { token: string; renewAt: number }>();
  const pending = new Map<string, Promise<string>>();

  const fetchToken = async (key: string, source: TokenSource): Promise<string> => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: source.clientId,
      client_secret: source.clientSecret,
    });
    if (source.scope.trim()) form.set('scope', source.scope.trim());
    const fetchedAt = now();
    let response;
    try {
      response = await outbound.post(source.tokenUrl, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        mtls: source.useMtls,
      });
    } catch (error) {
      // The platform's own mTLS certificate missing is its fault, not the receiver's.
      if (error instanceof OutboundError && error.code === 'no_client_certificate')
        throw new PlatformFault(error.message);
      if (error instanceof OutboundError) throw new DeliveryFailure(DELIVERY_TEXTS.token(error.message));
      throw error;
    }
    const outcome = judgeTokenResponse(response, fetchedAt);
    if (!outcome.accessToken) throw new DeliveryFailure(DELIVERY_TEXTS.token(outcome.result.message));
    const { accessToken } = outcome;
    const lifeMs = outcome.validitySeconds * 1000;
    cached.set(key, { token: accessToken, renewAt: fetchedAt + lifeMs - Math.min(MAX_MARGIN_MS, lifeMs / 10) });
    return accessToken;
  };

  return {
    get(key, source) {
      const hit = cached.get(key);
      if (hit && now() < hit.renewAt) return Promise.resolve(hit.token);
      let flight = pending.get(key);
      if (!flight) {
        flight = fetchToken(key, source).finally(() => pending.delete(key));
        pending.set(key, flight);
      }
      return flight;
    },
    invalidate(key, token) {
      if (token === undefined || cached.get(key)?.token === token) cached.delete(key);
    },
  };
}
