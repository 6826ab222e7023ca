import { randomUUID } from 'node:crypto';
import type { Outbound, OutboundResponse } from '../outbound/client';
import { OutboundError } from '../outbound/errors';
import { sha256Hex } from '../receipts/claims';
import { callbackBody } from './body';
import type { ClaimedMessage } from './claim';
import type { ConfigurationCache } from './configurations';
import { DeliveryFailure, PlatformFault } from './failure';
import { DELIVERY_TEXTS } from './texts';
import type { TokenCache } from './tokens';

/**
 * One attempt's outcome. `platform`: the attempt could not be made for a fault on the platform's
 * side (PlatformFault, or a bug) — not the receiver's failed attempt.
 */
export type DeliveryOutcome =
  Delivered | { delivered: false; err: { msg: string; traceId: string }; platform?: true; status?: number };

/**
 * Delivered: the receiver's 2xx and what its receipt states (decision 0060) — when it answered and
 * the hex SHA-256 of the exact body it got. Without `sha256` nothing went over HTTP (the test
 * lane's simulator takes its messages itself) and there is no receipt.
 */
export interface Delivered {
  delivered: true;
  at: Date;
  status?: number;
  sha256?: string;
}

export interface DeliverDeps {
  outbound: Pick<Outbound, 'post'>;
  configs: ConfigurationCache;
  tokens: TokenCache;
  /** For failures that are bugs or platform faults, not the receiver's doing; gets no secret. */
  onInternalError(error: unknown, message: ClaimedMessage): void;
}

/**
 * One attempt to deliver one message: the configuration its sender uses now, a token, and a POST of
 * the message to the callback URL of its type. A 401 gets one more try with a fresh token (the
 * cached one may have been revoked). The trace id goes along so the receiver's logs and ours meet.
 */
export async function deliverMessage(message: ClaimedMessage, deps: DeliverDeps): Promise<DeliveryOutcome> {
  const traceId = randomUUID();
  try {
    // The database failing while the configuration loads is the platform's fault.
    const config = await deps.configs
      .get(message.receiver, message.versienummer, message.configVersion)
      .catch((error: unknown) => {
        if (error instanceof DeliveryFailure || error instanceof PlatformFault) throw error;
        throw new PlatformFault(DELIVERY_TEXTS.configurationUnavailable);
      });
    if (!config) throw new DeliveryFailure(DELIVERY_TEXTS.noConfiguration(message.configVersion));
    const url = config.urls[message.type];
    if (!url) throw new DeliveryFailure(DELIVERY_TEXTS.noCallbackUrl(message.type, config.version));
    const tokenKey = `${message.receiver}|${message.versienummer}|${config.version}`;
    const body = callbackBody(message);
    const post = async (): Promise<{ response: OutboundResponse; token: string }> => {
      const token = await deps.tokens.get(tokenKey, config);
      const webhook = deps.configs.webhookHeaders(message.receiver, message.versienummer, message.id, body);
      const response = await deps.outbound.post(url, {
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': message.id,
          'x-trace-id': traceId,
          // Standard Webhooks signatures of this body, when the receiver has a secret (decision 0061).
          ...(webhook instanceof Promise ? await webhook : webhook),
        },
        body,
        mtls: config.useMtls,
      });
      return { response, token };
    };
    let { response, token } = await post();
    if (response.status === 401) {
      deps.tokens.invalidate(tokenKey, token);
      ({ response, token } = await post());
      if (response.status === 401) throw new DeliveryFailure(DELIVERY_TEXTS.unauthorized, 401);
    }
    if (response.status >= 200 && response.status <= 299) {
      const sha256 = sha256Hex(body);
      return { delivered: true, at: new Date(), status: response.status, sha256 };
    }
    throw new DeliveryFailure(DELIVERY_TEXTS.status(response.status, response.statusText), response.status);
  } catch (error) {
    if (error instanceof DeliveryFailure) {
      return { delivered: false, err: { msg: error.message, traceId }, ...(error.status && { status: error.status }) };
    }
    if (error instanceof OutboundError && error.code !== 'no_client_certificate') {
      return { delivered: false, err: { msg: DELIVERY_TEXTS.call(error.message), traceId } };
    }
    const known = error instanceof PlatformFault || error instanceof OutboundError;
    // A bug is logged with its stack; a known platform fault is logged by the worker.
    if (!known) deps.onInternalError(error, message);
    const reason = known ? error.message : DELIVERY_TEXTS.internalReason;
    return { delivered: false, platform: true, err: { msg: DELIVERY_TEXTS.platform(reason), traceId } };
  }
}
