import { IncomingMessage } from 'node:http';
import { decodeJwt } from 'jose';
import { LOGIN_TEXTS } from './login-page';
import { isStorableText } from '../db/text';
import type { Lock } from './throttle';

const MAX_CLIENT_ID = 256;
/** The most of a request body the provider reads (oidc-provider's shared/selective_body.js). */
export const PROVIDER_BODY_LIMIT = 56 * 1024;

const usableClientId = (clientId: unknown): string | undefined =>
  typeof clientId === 'string' && clientId.length > 0 && clientId.length <= MAX_CLIENT_ID && isStorableText(clientId)
    ? clientId
    : undefined;

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
    return usableClientId(decodeURIComponent(basic.slice(0, colon).replaceAll('+', '%20')));
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

/**
 * The client id a private_key_jwt client claims in a token request's form body: the subject of its
 * client assertion (as the provider reads it), or the client_id beside it. Without an assertion
 * nothing: a request without client authentication (the portal's) names no account to count.
 */
export function assertedClientId(form: string): string | undefined {
  const params = new URLSearchParams(form);
  const assertion = params.get('client_assertion');
  if (!assertion) return undefined;
  try {
    return usableClientId(decodeJwt(assertion).sub ?? params.get('client_id'));
  } catch {
    return usableClientId(params.get('client_id'));
  }
}

/**
 * Reads a request body of at most `limit` bytes; undefined when it is longer (the provider refuses
 * such a body too).
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return undefined;
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of request.iterator({ destroyOnReturn: false })) {
    received += (chunk as Buffer).length;
    if (received > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, received);
}

/** The same request with its body still to read, for the provider after we read the original's. */
export function replayRequest(original: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(original.socket);
  Object.assign(copy, {
    method: original.method,
    url: original.url,
    headers: original.headers,
    rawHeaders: original.rawHeaders,
    httpVersion: original.httpVersion,
    httpVersionMajor: original.httpVersionMajor,
    httpVersionMinor: original.httpVersionMinor,
    // Its whole body is here: ending it must not count as an aborted request (which closes the socket).
    complete: true,
  });
  copy.push(body);
  copy.push(null);
  return copy;
}

/** The provider's answer to a body it cannot read, given here when we could not read it either. */
export const UNREADABLE_BODY = { error: 'invalid_request', error_description: 'failed to parse the request body' };
