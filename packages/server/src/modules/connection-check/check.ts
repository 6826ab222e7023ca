import { CHECK_TOKEN_URL, type CheckResult, type ConnectionCheck } from '@knooppunt/domain';
import type { Outbound } from '../../outbound/client';
import { OutboundError } from '../../outbound/errors';
import { failedCall, redact, responseDetails } from '../../outbound/response-details';
import { CHECK_TEXTS } from '../../outbound/response-texts';
import { judgeTokenResponse } from '../../outbound/token-response';

/** What is checked: one configuration, its secret decrypted. */
export interface ConnectionCheckTarget {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  useMtls: boolean;
  /** Message type → callback URL, only the configured ones. */
  urls: Record<string, string>;
}

/**
 * Does what delivery will do, once: fetch a token with the client-credentials grant, then POST an
 * empty JSON object to every configured callback URL with it (spec 000 §7). Answers one map
 * (spec 000 §3): `tokenUrl` and each callback's message type to its result. When the token step
 * fails the callbacks are not called, so their entries are absent ('Geen controle gedaan').
 */
export async function checkConnection(
  target: ConnectionCheckTarget,
  outbound: Pick<Outbound, 'post' | 'hasClientCertificate'>,
): Promise<ConnectionCheck['results']> {
  const { result: tokenResult, accessToken } = await fetchToken(target, outbound);
  const secrets = [target.clientSecret, accessToken ?? ''];
  const token = { [CHECK_TOKEN_URL]: redact(tokenResult, secrets) };
  if (!accessToken) return token;

  const entries = await Promise.all(
    Object.entries(target.urls).map(
      async ([type, url]) =>
        [type, redact(await callCallback(url, accessToken, target.useMtls, outbound), secrets)] as const,
    ),
  );
  return { ...token, ...Object.fromEntries(entries) };
}

export async function fetchToken(
  target: ConnectionCheckTarget,
  outbound: Pick<Outbound, 'post' | 'hasClientCertificate'>,
): Promise<{ result: CheckResult; accessToken: string | undefined }> {
  // Checked here rather than left to the outbound: the message names the configuration's setting.
  if (target.useMtls && !outbound.hasClientCertificate) {
    return {
      result: { success: false, message: CHECK_TEXTS.mtlsWithoutCertificate, details: [] },
      accessToken: undefined,
    };
  }
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: target.clientId,
    client_secret: target.clientSecret,
  });
  if (target.scope.trim()) form.set('scope', target.scope.trim());
  try {
    const response = await outbound.post(target.tokenUrl, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      mtls: target.useMtls,
    });
    return judgeTokenResponse(response);
  } catch (error) {
    return { result: failedCallOrThrow(error), accessToken: undefined };
  }
}

async function callCallback(
  url: string,
  accessToken: string,
  useMtls: boolean,
  outbound: Pick<Outbound, 'post'>,
): Promise<CheckResult> {
  try {
    const response = await outbound.post(url, {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: '{}',
      mtls: useMtls,
    });
    const details = responseDetails(response);
    // An empty object is not a valid message, so a receiver that validates answers 400: it is reachable.
    if (response.status === 400) return { success: true, message: CHECK_TEXTS.callbackBadRequest, details };
    if (response.status >= 200 && response.status <= 299) {
      return { success: true, message: CHECK_TEXTS.callbackSuccess(response.status, response.statusText), details };
    }
    return { success: false, message: CHECK_TEXTS.callbackStatus(response.status, response.statusText), details };
  } catch (error) {
    return failedCallOrThrow(error);
  }
}

/** A failed call is a result; anything else is a bug and stays an exception. */
function failedCallOrThrow(error: unknown): CheckResult {
  if (error instanceof OutboundError) return failedCall(error);
  throw error;
}
