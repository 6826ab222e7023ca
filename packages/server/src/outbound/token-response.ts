import { decodeJwt } from 'jose';
import type { CheckResult } from '@knooppunt/domain';
import type { OutboundResponse } from './client';
import { bodyExcerpt, parseJson, responseDetails, statusLine } from './response-details';
import { CHECK_TEXTS } from './response-texts';

/** The token endpoint's answer judged: the result, and the token when it may be used. */
export type TokenOutcome =
  | { result: CheckResult; accessToken: string; validitySeconds: number }
  | { result: CheckResult; accessToken: undefined };

/**
 * A token answer is valid only with an access_token and a validity we can derive (spec 000 §7):
 * without one the platform would not know when to fetch a new token while delivering.
 */
export function judgeTokenResponse(response: OutboundResponse, now = Date.now()): TokenOutcome {
  const failed = (message: string, details = responseDetails(response)): TokenOutcome => ({
    result: { success: false, message, details },
    accessToken: undefined,
  });
  if (response.status < 200 || response.status > 299) {
    return failed(CHECK_TEXTS.tokenStatus(response.status, response.statusText));
  }
  const body = parseJson(response.text);
  if (body === undefined) return failed(CHECK_TEXTS.notJson);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return failed(CHECK_TEXTS.notJsonObject);
  const { access_token: accessToken, expires_in: expiresIn } = body as Record<string, unknown>;
  if (typeof accessToken !== 'string' || accessToken.trim() === '') return failed(CHECK_TEXTS.noAccessToken);

  const validity = validityOf(accessToken, expiresIn, now);
  const received = [statusLine(response), CHECK_TEXTS.tokenReceived];
  if ('problem' in validity) {
    const excerpt = bodyExcerpt(response);
    return failed(validity.problem, [...received, ...validity.lines, ...(excerpt ? [excerpt] : [])]);
  }
  return {
    result: {
      success: true,
      message: CHECK_TEXTS.tokenSuccess(validity.seconds),
      details: [...received, validity.line],
    },
    accessToken,
    validitySeconds: validity.seconds,
  };
}

type Validity = { seconds: number; line: string } | { problem: string; lines: string[] };

/** expires_in first (what the server says); else the exp claim when the token is a JWT. */
function validityOf(accessToken: string, expiresIn: unknown, now: number): Validity {
  const seconds = secondsOf(expiresIn);
  if (seconds !== undefined && seconds >= 1) return { seconds, line: CHECK_TEXTS.validityFromExpiresIn(seconds) };
  const exp = expOf(accessToken);
  if (exp !== undefined) {
    const at = new Date(exp * 1000).toISOString();
    const left = Math.floor(exp - now / 1000);
    if (left >= 1) return { seconds: left, line: CHECK_TEXTS.validityFromExp(at) };
    return { problem: CHECK_TEXTS.expired, lines: [CHECK_TEXTS.expiredAt(at)] };
  }
  return { problem: expiresIn === undefined ? CHECK_TEXTS.unknownValidity : CHECK_TEXTS.invalidExpiresIn, lines: [] };
}

/** Some servers send expires_in as a string ("3599"); that is still a derivable validity. */
function secondsOf(expiresIn: unknown): number | undefined {
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn)) return Math.floor(expiresIn);
  if (typeof expiresIn === 'string' && /^\s*\d+\s*$/.test(expiresIn)) return Number(expiresIn);
  return undefined;
}

/** The exp claim of a JWT, read without verifying: only the participant can verify its own token. */
function expOf(accessToken: string): number | undefined {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}
