import { CALL_FAILURE, RECENT_LOGIN_TEXTS, recentLoginChallenge, type ApiError } from '@knooppunt/domain';
import { LABELS } from './texts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The header that names the participant a user acts for (decision 0041): the server then sees that
 * participant as the user's own, with the rights of the user's acting roles only.
 */
export const ACTING_FOR_HEADER = 'x-namens-deelnemer';

export interface ApiRequestInit {
  signal?: AbortSignal;
  /** The participant an implementation partner's user acts for; none for the user's own organisation. */
  namens?: string | undefined;
  /** Read the answer as a file (a Blob) rather than JSON: a download. */
  as?: 'json' | 'blob';
}

/**
 * A failed call, translated as spec 000 §8 prescribes: `message` is what the alert says,
 * `detail` the extra line under it. `status` is set when the server answered; `answer` when it
 * answered as our server does, `{ message, details? }` — also for 403 and 404, whose alert keeps
 * the generic text, so a screen that must say why (the Testtool) can.
 */
export class ApiCallError extends Error {
  readonly detail: string | undefined;
  readonly status: number | undefined;
  readonly answer: ApiError | undefined;

  constructor(message: string, detail?: string, status?: number, answer?: ApiError) {
    super(message);
    this.name = 'ApiCallError';
    this.detail = detail;
    this.status = status;
    this.answer = answer;
  }
}

/**
 * The server answered 401 and renewing the session did not help: the provider ended the session or
 * the refresh token expired. The session-ended dialog tells the user; alerts stay quiet about it.
 */
export class SessionEndedError extends ApiCallError {
  constructor() {
    super(LABELS.session.ended, undefined, 401);
    this.name = 'SessionEndedError';
  }
}

export type AccessTokenGetter = () => Promise<string | null | undefined>;

export interface ApiClientOptions {
  /** The current access token (the OIDC user manager; a stub in tests). */
  getAccessToken: AccessTokenGetter;
  /** Renews the session silently (refresh token) and answers the new access token; rejects when it cannot. */
  renewSession?: AccessTokenGetter;
  /** Called when a 401 outlived a renewal: the session has ended. */
  onSessionEnded?: () => void;
  /**
   * A dangerous action needs a more recent login (decision 0055): asks the user to log in again
   * and answers the new access token, or undefined when the user declines.
   */
  onRecentLoginRequired?: (maxAgeSeconds: number) => Promise<string | undefined>;
}

let options: ApiClientOptions = { getAccessToken: async () => undefined };
/** The renewal in progress: calls that get 401 together share one renewal. */
let renewal: Promise<string | null | undefined> | undefined;

/** Tells the client where the bearer token comes from, how to renew it and whom to tell when the session ended. */
export function configureApiClient(next: ApiClientOptions): void {
  options = next;
  renewal = undefined;
}

/**
 * One call to our server, JSON in and out, with the user's bearer token.
 *
 * fetch does not say whether a rejection happened before or after the request left, so the
 * request is built (URL, headers, body, token) in a step of its own: a failure there is 'the
 * request could not be made'. Once the request is handed to fetch, a rejection (network down,
 * connection refused, CORS, abort, time-out) or an opaque status 0 means it went out and no
 * response came back: 'no response', with an axios-style code as detail. Anything else that
 * breaks counts as 'unknown' and is reported like a request that could not be made.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  init: ApiRequestInit = {},
): Promise<T> {
  let response = await send(method, path, body, init, options.getAccessToken);
  const challenge =
    response.status === 401 ? recentLoginChallenge(response.headers.get('www-authenticate')) : undefined;
  if (challenge) {
    // A dangerous action and a login too old for it: a renewal keeps the old login, so the user
    // logs in again, and the call is made once more with that login's token.
    const token = await options.onRecentLoginRequired?.(challenge.maxAgeSeconds);
    if (token) response = await send(method, path, body, init, async () => token);
    if (!token || recentLoginChallenge(response.headers.get('www-authenticate'))) {
      const answer = serverAnswer((await response.text().catch(() => '')).trim());
      throw new ApiCallError(
        CALL_FAILURE.errorResponse,
        answer?.message ?? RECENT_LOGIN_TEXTS.required(challenge.maxAgeSeconds),
        401,
        answer,
      );
    }
  }
  if (response.status === 401) {
    // The access token expired or was refused (403 is about rights, and says so below): renew once,
    // silently, and try the call once more. A 401 after that, or no renewal, means the session ended.
    const renewed = await renewOnce().catch(() => undefined);
    if (renewed) response = await send(method, path, body, init, async () => renewed);
    if (!renewed || response.status === 401) {
      options.onSessionEnded?.();
      throw new SessionEndedError();
    }
  }
  if (!response.ok) throw await errorResponse(response);

  try {
    if (init.as === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  } catch (error) {
    throw new ApiCallError(CALL_FAILURE.requestFailed, errorText(error));
  }
}

/** Builds and sends one request; answers the response when the server answered at all. */
async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  init: ApiRequestInit,
  getAccessToken: AccessTokenGetter,
): Promise<Response> {
  let request: Request;
  try {
    request = await buildRequest(method, path, body, init, getAccessToken);
  } catch (error) {
    throw new ApiCallError(CALL_FAILURE.requestFailed, errorText(error));
  }

  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    throw new ApiCallError(CALL_FAILURE.noResponse, noResponseCode(error));
  }
  if (response.status === 0) throw new ApiCallError(CALL_FAILURE.noResponse, 'ERR_NETWORK');
  return response;
}

function renewOnce(): Promise<string | null | undefined> {
  const renew = options.renewSession;
  if (!renew) return Promise.resolve(undefined);
  renewal ??= renew().finally(() => {
    renewal = undefined;
  });
  return renewal;
}

async function buildRequest(
  method: HttpMethod,
  path: string,
  body: unknown,
  { signal, namens }: ApiRequestInit,
  getAccessToken: AccessTokenGetter,
): Promise<Request> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = await getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (namens) headers.set(ACTING_FOR_HEADER, namens);
  return new Request(new URL(path, document.baseURI), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function errorResponse(response: Response): Promise<ApiCallError> {
  const { status } = response;
  const text = (await response.text().catch(() => '')).trim();
  const answer = serverAnswer(text);
  if (status === 403) return new ApiCallError(CALL_FAILURE.forbidden, undefined, status, answer);
  if (status === 404) return new ApiCallError(CALL_FAILURE.notFound, undefined, status, answer);

  const detail = answer?.message ?? (text || [response.statusText, `(${status})`].filter(Boolean).join(' '));
  return new ApiCallError(CALL_FAILURE.errorResponse, detail, status, answer);
}

/** Our server answers errors as `{ message, details? }`; details without a field and a message are dropped. */
function serverAnswer(text: string): ApiError | undefined {
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string' && json.message) {
      const details = 'details' in json && Array.isArray(json.details) ? json.details.filter(isDetail) : [];
      return { message: json.message, ...(details.length > 0 && { details }) };
    }
  } catch {
    // Not JSON: the caller falls back to the text itself.
  }
  return undefined;
}

function isDetail(value: unknown): value is { field: string; message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'field' in value &&
    typeof value.field === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

function noResponseCode(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError') return 'ECONNABORTED';
  if (name === 'TimeoutError') return 'ETIMEDOUT';
  return 'ERR_NETWORK';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
