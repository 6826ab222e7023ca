import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { IDEMPOTENCY_HEADER, type BerichtInput } from '@knooppunt/domain';
import { DEMO_CLIENT_SECRET, demoSystemClientId } from './data';

/** Where the demo's systems write what went wrong; gets no token and no secret. */
export interface DemoLog {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export type DemoSendResult =
  | { outcome: 'accepted'; id: string; duplicate: boolean }
  /** The platform answered no (400–499 after a token refresh): sending it again will not help. */
  | { outcome: 'refused'; status: number; message: string }
  /** No answer, a 5xx after retries, no token, or stopped. */
  | { outcome: 'failed'; message: string };

/** The demo participants' own systems, as a real participant's would be: client credentials and the participants' API. */
export interface DemoSystems {
  send(deelnemer: string, bericht: BerichtInput, idempotencyKey: string): Promise<DemoSendResult>;
  /** Aborts running requests and closes the connections. */
  close(): Promise<void>;
}

export interface DemoSystemsOptions {
  /** The platform as participants reach it: the token endpoint and the API live below it. */
  publicUrl: string;
  log: DemoLog;
  /** Waits before retrying after no answer or a 5xx; tests make them short. */
  retryDelaysMs?: readonly number[];
  now?: () => number;
}

const REQUEST_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_DELAYS_MS = [500, 2000];
/** A token is renewed this long before it expires: 10 % of its life, at most 30 s. */
const MAX_RENEW_MARGIN_MS = 30_000;

class StatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function createDemoSystems({
  publicUrl,
  log,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  now = Date.now,
}: DemoSystemsOptions): DemoSystems {
  const base = publicUrl.replace(/\/$/, '');
  const agent = new Agent({ headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });
  const abort = new AbortController();
  const tokens = new Map<string, { token: string; renewAt: number }>();
  const pendingTokens = new Map<string, Promise<string>>();

  const post = async (url: string, headers: Record<string, string>, body: string) => {
    const response = await request(url, {
      method: 'POST',
      headers,
      body,
      signal: abort.signal,
      dispatcher: agent,
    });
    const text = await response.body.text();
    return { status: response.statusCode, json: parseJson(text) };
  };

  const fetchToken = async (deelnemer: string): Promise<string> => {
    const basic = Buffer.from(
      `${encodeURIComponent(demoSystemClientId(deelnemer))}:${encodeURIComponent(DEMO_CLIENT_SECRET)}`,
    ).toString('base64');
    const fetchedAt = now();
    const { status, json } = await post(
      `${base}/oidc/token`,
      { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    );
    const accessToken = field(json, 'access_token');
    if (status !== 200 || typeof accessToken !== 'string') {
      throw new StatusError(status, `token: HTTP ${status} ${String(field(json, 'error') ?? '')}`.trim());
    }
    const expiresIn = Number(field(json, 'expires_in'));
    const lifeMs = (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 60) * 1000;
    tokens.set(deelnemer, {
      token: accessToken,
      renewAt: fetchedAt + lifeMs - Math.min(MAX_RENEW_MARGIN_MS, lifeMs / 10),
    });
    return accessToken;
  };

  const tokenFor = (deelnemer: string): Promise<string> => {
    const cached = tokens.get(deelnemer);
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    let flight = pendingTokens.get(deelnemer);
    if (!flight) {
      flight = fetchToken(deelnemer).finally(() => pendingTokens.delete(deelnemer));
      pendingTokens.set(deelnemer, flight);
    }
    return flight;
  };

  /** One offer of the message, with one token refresh on a 401. */
  const offer = async (deelnemer: string, body: string, idempotencyKey: string) => {
    for (let attempt = 0; ; attempt++) {
      const token = await tokenFor(deelnemer);
      const answer = await post(
        `${base}/api/v1/berichten`,
        {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          [IDEMPOTENCY_HEADER]: idempotencyKey,
        },
        body,
      );
      if (answer.status !== 401 || attempt > 0) return answer;
      if (tokens.get(deelnemer)?.token === token) tokens.delete(deelnemer);
    }
  };

  return {
    async send(deelnemer, bericht, idempotencyKey) {
      const context = { deelnemer, type: bericht.type, opdrachtId: bericht.opdrachtId };
      const body = JSON.stringify(bericht);
      let problem = '';
      for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
        if (attempt > 0) {
          try {
            await sleep(retryDelaysMs[attempt - 1], undefined, { signal: abort.signal, ref: false });
          } catch {
            break;
          }
        }
        try {
          const { status, json } = await offer(deelnemer, body, idempotencyKey);
          if (status === 202) {
            return { outcome: 'accepted', id: String(field(json, 'id')), duplicate: field(json, 'duplicate') === true };
          }
          const message = String(field(json, 'message') ?? field(json, 'error') ?? '');
          if (status < 500) {
            // 409: the order moved on meanwhile (or a duplicate order id); expected now and then.
            if (status === 409) log.debug({ ...context, status, reason: message }, 'demo: bericht geweigerd');
            else log.warn({ ...context, status, reason: message }, 'demo: bericht geweigerd');
            return { outcome: 'refused', status, message };
          }
          problem = `HTTP ${status} ${message}`.trim();
        } catch (error) {
          if (abort.signal.aborted) break;
          if (error instanceof StatusError && error.status >= 400 && error.status < 500) {
            log.warn({ ...context, status: error.status }, 'demo: geen token voor het systeem');
            return { outcome: 'failed', message: error.message };
          }
          problem = error instanceof Error ? error.message : String(error);
        }
      }
      if (abort.signal.aborted) {
        log.debug(context, 'demo: gestopt tijdens het versturen');
        return { outcome: 'failed', message: 'gestopt' };
      }
      log.warn({ ...context, reason: problem }, 'demo: bericht niet aangeboden');
      return { outcome: 'failed', message: problem };
    },
    async close() {
      abort.abort();
      await agent.destroy();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}
