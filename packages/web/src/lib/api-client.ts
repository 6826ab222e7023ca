import { CALL_FAILURE } from '@knooppunt/domain';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A failed call, translated as spec 000 §8 prescribes: `message` is what the alert says,
 * `detail` the extra line under it. `status` is set when the server answered.
 */
export class ApiCallError extends Error {
  readonly detail: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, detail?: string, status?: number) {
    super(message);
    this.name = 'ApiCallError';
    this.detail = detail;
    this.status = status;
  }
}

export type AccessTokenGetter = () => Promise<string | null | undefined>;

let getAccessToken: AccessTokenGetter = async () => undefined;

/** Tells the client where the bearer token comes from (the OIDC user manager; a stub in tests). */
export function configureApiClient(options: { getAccessToken: AccessTokenGetter }): void {
  getAccessToken = options.getAccessToken;
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
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  let request: Request;
  try {
    request = await buildRequest(method, path, body, init.signal);
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
  if (!response.ok) throw await errorResponse(response);

  try {
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  } catch (error) {
    throw new ApiCallError(CALL_FAILURE.requestFailed, errorText(error));
  }
}

async function buildRequest(method: HttpMethod, path: string, body: unknown, signal?: AbortSignal): Promise<Request> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = await getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return new Request(new URL(path, document.baseURI), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function errorResponse(response: Response): Promise<ApiCallError> {
  const { status } = response;
  if (status === 401 || status === 403) return new ApiCallError(CALL_FAILURE.forbidden, undefined, status);
  if (status === 404) return new ApiCallError(CALL_FAILURE.notFound, undefined, status);

  const text = (await response.text().catch(() => '')).trim();
  const detail = serverMessage(text) ?? (text || [response.statusText, `(${status})`].filter(Boolean).join(' '));
  return new ApiCallError(CALL_FAILURE.errorResponse, detail, status);
}

/** Our server answers errors as `{ message, details? }`. */
function serverMessage(text: string): string | undefined {
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string' && json.message) {
      return json.message;
    }
  } catch {
    // Not JSON: the caller falls back to the text itself.
  }
  return undefined;
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
