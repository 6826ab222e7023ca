import { LOGIN_TEXTS } from './login-page';
import { isStorableText } from '../db/text';
import type { Lock } from './throttle';

const MAX_CLIENT_ID = 256;

/**
 * The client id of an HTTP Basic Authorization header, decoded as the provider does (RFC 6749
 * §2.3.1: form-encoded, then base64). Clients with a secret can present it nowhere else
 * (`clientAuthMethods` in provider.ts), so this is the account a wrong secret is counted against.
 * Anything malformed counts against the source address only.
 */
export function triedClientId(authorization: string | undefined): string | undefined {
  const [scheme, token, extra] = authorization?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'basic' || !token || extra !== undefined) return undefined;
  const basic = Buffer.from(token, 'base64').toString('utf8');
  const colon = basic.indexOf(':');
  if (colon <= 0 || colon > MAX_CLIENT_ID * 3) return undefined;
  try {
    const clientId = decodeURIComponent(basic.slice(0, colon).replaceAll('+', '%20'));
    return clientId.length <= MAX_CLIENT_ID && isStorableText(clientId) ? clientId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token endpoint's answer while locked: an OAuth error body (RFC 6749 §5.2 has no code for
 * this; `temporarily_unavailable` is the closest registered one) with the login page's sentence.
 */
export function tokenLockedBody(lock: Lock) {
  return {
    error: 'temporarily_unavailable',
    error_description: LOGIN_TEXTS.locked(Math.ceil(lock.retryAfterSeconds / 60)),
  };
}
