import { CALL_FAILURE } from '@knooppunt/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTING_FOR_HEADER, ApiCallError, apiRequest, configureApiClient, SessionEndedError } from './api-client';
import { LABELS } from './texts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ getAccessToken: async () => 'token-123' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function lastRequest(): Request {
  const request = fetchMock.mock.lastCall?.[0];
  if (!(request instanceof Request)) throw new Error('fetch was not called with a Request');
  return request;
}

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiCallError);
  return error as ApiCallError;
}

describe('apiRequest', () => {
  it('sends JSON with the bearer token and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(Response.json({ items: [], count: 0 }));

    const result = await apiRequest('POST', '/rest/organisations/search', { skip: 0 });

    expect(result).toEqual({ items: [], count: 0 });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/rest/organisations/search');
    expect(request.headers.get('Authorization')).toBe('Bearer token-123');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ skip: 0 });
  });

  it('sends no Authorization header without a session', async () => {
    configureApiClient({ getAccessToken: async () => undefined });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiRequest('GET', '/rest/version')).resolves.toBeUndefined();
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('names the participant acted for in x-namens-deelnemer, and sends no such header otherwise', async () => {
    fetchMock.mockImplementation(async () => Response.json({ items: [] }));

    await apiRequest('POST', '/rest/management/config/search', { skip: 0 }, { namens: 'Aannemer_Alfa' });
    expect(lastRequest().headers.get('x-namens-deelnemer')).toBe('Aannemer_Alfa');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer token-123');

    await apiRequest('POST', '/rest/management/config/search', { skip: 0 });
    expect(lastRequest().headers.has(ACTING_FOR_HEADER)).toBe(false);
  });

  it('reports a request that could not be made, with the reason as detail', async () => {
    const error = await failure(apiRequest('POST', '/rest/x', { big: 1n }));

    expect(error.message).toBe(CALL_FAILURE.requestFailed);
    expect(error.detail).toMatch(/BigInt/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a failing token lookup as a request that could not be made', async () => {
    configureApiClient({
      getAccessToken: async () => {
        throw new Error('storage unavailable');
      },
    });

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.requestFailed, detail: 'storage unavailable' });
  });

  it('reports a network failure as no response, with the code as detail', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.noResponse, detail: 'ERR_NETWORK' });
  });

  it('reports an aborted call as no response', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.noResponse, detail: 'ECONNABORTED' });
  });

  it('reports an opaque status 0 answer as no response', async () => {
    fetchMock.mockResolvedValue({ status: 0, ok: false } as Response);

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.noResponse, detail: 'ERR_NETWORK' });
  });

  it('reports 403 as insufficient rights, without renewing the session', async () => {
    const renewSession = vi.fn(async () => 'token-new');
    const onSessionEnded = vi.fn();
    configureApiClient({ getAccessToken: async () => 'token-123', renewSession, onSessionEnded });
    fetchMock.mockResolvedValue(Response.json({ message: 'Forbidden' }, { status: 403 }));

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.forbidden, detail: undefined, status: 403 });
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(renewSession).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('reports 404 as nothing found', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.notFound, status: 404 });
  });

  it("shows the server's message for any other error answer", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ message: "Organisatie 'Acme' bestaat al.", details: [] }, { status: 409 }),
    );

    const error = await failure(apiRequest('POST', '/rest/organisations', {}));

    expect(error).toMatchObject({
      message: CALL_FAILURE.errorResponse,
      detail: "Organisatie 'Acme' bestaat al.",
      status: 409,
    });
  });

  it("keeps the server's answer with its details per field, also behind 403 and 404", async () => {
    const refused = { message: 'opdrachtId: Verplicht.', details: [{ field: 'opdrachtId', message: 'Verplicht.' }] };
    fetchMock.mockResolvedValueOnce(Response.json(refused, { status: 400 }));
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'Geen testconfiguratie.' }, { status: 404 }));

    const invalid = await failure(apiRequest('POST', '/rest/x', {}));
    const missing = await failure(apiRequest('POST', '/rest/x', {}));

    expect(invalid).toMatchObject({ detail: 'opdrachtId: Verplicht.', status: 400, answer: refused });
    expect(missing).toMatchObject({
      message: CALL_FAILURE.notFound,
      detail: undefined,
      answer: { message: 'Geen testconfiguratie.' },
    });
  });

  it('falls back to the text body when the answer has no message', async () => {
    fetchMock.mockResolvedValue(new Response('upstream timed out', { status: 502, statusText: 'Bad Gateway' }));

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.errorResponse, detail: 'upstream timed out' });
  });

  it('falls back to status text and code when the answer has no body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 500, statusText: 'Internal Server Error' }));

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toMatchObject({ message: CALL_FAILURE.errorResponse, detail: 'Internal Server Error (500)' });
  });

  it('reports an unreadable success answer as a request that failed', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200 }));

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error.message).toBe(CALL_FAILURE.requestFailed);
    expect(error.detail).toBeTruthy();
  });
});

describe('apiRequest when the session expired (401)', () => {
  const unauthorized = () => Response.json({ message: 'Ongeldig of verlopen token' }, { status: 401 });
  /** Answers 401 to the expired token and 200 to `valid`, like our server. */
  const serverAccepting = (valid: string) => async (input: RequestInfo | URL) =>
    input instanceof Request && input.headers.get('Authorization') === `Bearer ${valid}`
      ? Response.json({ ok: true })
      : unauthorized();

  it('renews the session once, silently, and repeats the call with the new token', async () => {
    const renewSession = vi.fn(async () => 'token-new');
    const onSessionEnded = vi.fn();
    configureApiClient({ getAccessToken: async () => 'token-expired', renewSession, onSessionEnded });
    fetchMock.mockImplementation(serverAccepting('token-new'));

    const result = await apiRequest('POST', '/rest/organisations', { naam: 'Acme' });

    expect(result).toEqual({ ok: true });
    expect(renewSession).toHaveBeenCalledOnce();
    expect(onSessionEnded).not.toHaveBeenCalled();
    const [first, retry] = fetchMock.mock.calls.map(([request]) => request as Request);
    expect(first?.headers.get('Authorization')).toBe('Bearer token-expired');
    expect(retry?.headers.get('Authorization')).toBe('Bearer token-new');
    expect(retry?.method).toBe('POST');
    expect(await retry?.json()).toEqual({ naam: 'Acme' });
  });

  it('still acts for the same participant when it repeats the call with the new token', async () => {
    configureApiClient({ getAccessToken: async () => 'token-expired', renewSession: async () => 'token-new' });
    fetchMock.mockImplementation(serverAccepting('token-new'));

    await apiRequest('GET', '/rest/management/valuelist', undefined, { namens: 'Aannemer_Alfa' });

    const [first, retry] = fetchMock.mock.calls.map(([request]) => request as Request);
    expect(first?.headers.get(ACTING_FOR_HEADER)).toBe('Aannemer_Alfa');
    expect(retry?.headers.get('Authorization')).toBe('Bearer token-new');
    expect(retry?.headers.get(ACTING_FOR_HEADER)).toBe('Aannemer_Alfa');
  });

  it('shares one renewal between calls refused at the same time', async () => {
    let finishRenewal: (token: string) => void = () => {};
    const renewSession = vi.fn(() => new Promise<string>((resolve) => (finishRenewal = resolve)));
    configureApiClient({ getAccessToken: async () => 'token-expired', renewSession });
    fetchMock.mockImplementation(serverAccepting('token-new'));

    const calls = Promise.all([apiRequest('GET', '/rest/a'), apiRequest('GET', '/rest/b')]);
    await vi.waitFor(() => expect(renewSession).toHaveBeenCalled());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    finishRenewal('token-new');

    await expect(calls).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(renewSession).toHaveBeenCalledOnce();
  });

  it('reports the session ended when the renewal fails, and does not repeat the call', async () => {
    const renewSession = vi.fn(async () => {
      throw new Error('invalid_grant');
    });
    const onSessionEnded = vi.fn();
    configureApiClient({ getAccessToken: async () => 'token-expired', renewSession, onSessionEnded });
    fetchMock.mockImplementation(async () => unauthorized());

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(renewSession).toHaveBeenCalledOnce();
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(error).toMatchObject({ message: LABELS.session.ended, status: 401 });
    expect(error.message).not.toBe(CALL_FAILURE.forbidden);
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('reports the session ended when the renewed token is refused too', async () => {
    const renewSession = vi.fn(async () => 'token-new');
    const onSessionEnded = vi.fn();
    configureApiClient({ getAccessToken: async () => 'token-expired', renewSession, onSessionEnded });
    fetchMock.mockImplementation(async () => unauthorized());

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toBeInstanceOf(SessionEndedError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(renewSession).toHaveBeenCalledOnce();
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('reports the session ended when there is no way to renew it', async () => {
    fetchMock.mockImplementation(async () => unauthorized());

    const error = await failure(apiRequest('GET', '/rest/x'));

    expect(error).toBeInstanceOf(SessionEndedError);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('apiRequest when a dangerous action needs a recent login (401, RFC 9470)', () => {
  const TEXT =
    'Voor deze actie moet u in de afgelopen 15 minuten zijn ingelogd. Log opnieuw in en probeer het nog eens.';
  const stepUp = () =>
    Response.json(
      { message: TEXT },
      {
        status: 401,
        headers: {
          'www-authenticate': 'Bearer error="insufficient_user_authentication", error_description="x", max_age=900',
        },
      },
    );
  /** Answers the challenge to any token but `recent`, like our server for a dangerous action. */
  const serverWanting = (recent: string) => async (input: RequestInfo | URL) =>
    input instanceof Request && input.headers.get('Authorization') === `Bearer ${recent}`
      ? Response.json({ blocked: true })
      : stepUp();

  it('asks for a new login (not a renewal) and repeats the call with its token', async () => {
    const renewSession = vi.fn(async () => 'token-renewed');
    const onRecentLoginRequired = vi.fn(async () => 'token-recent');
    const onSessionEnded = vi.fn();
    configureApiClient({
      getAccessToken: async () => 'token-old',
      renewSession,
      onSessionEnded,
      onRecentLoginRequired,
    });
    fetchMock.mockImplementation(serverWanting('token-recent'));

    const result = await apiRequest('POST', '/rest/users/block', { user: 'u1' }, { namens: 'Aannemer_Alfa' });

    expect(result).toEqual({ blocked: true });
    expect(onRecentLoginRequired).toHaveBeenCalledExactlyOnceWith(900);
    expect(renewSession).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
    const [, retry] = fetchMock.mock.calls.map(([request]) => request as Request);
    expect(retry?.headers.get('Authorization')).toBe('Bearer token-recent');
    expect(retry?.headers.get(ACTING_FOR_HEADER)).toBe('Aannemer_Alfa');
    expect(await retry?.json()).toEqual({ user: 'u1' });
  });

  it("fails with the server's reason when the user declines, without repeating the call or ending the session", async () => {
    const onSessionEnded = vi.fn();
    configureApiClient({
      getAccessToken: async () => 'token-old',
      onSessionEnded,
      onRecentLoginRequired: async () => undefined,
    });
    fetchMock.mockImplementation(serverWanting('token-recent'));

    const error = await failure(apiRequest('POST', '/rest/users/block', { user: 'u1' }));

    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(error).toMatchObject({ message: CALL_FAILURE.errorResponse, detail: TEXT, status: 401 });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('asks once only: a new login that is still refused fails the call', async () => {
    const onRecentLoginRequired = vi.fn(async () => 'token-also-old');
    configureApiClient({ getAccessToken: async () => 'token-old', onRecentLoginRequired });
    fetchMock.mockImplementation(serverWanting('token-recent'));

    const error = await failure(apiRequest('POST', '/rest/clients', {}));

    expect(error).toMatchObject({ detail: TEXT, status: 401 });
    expect(onRecentLoginRequired).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats a plain 401 as before: a renewal, not a new login', async () => {
    const onRecentLoginRequired = vi.fn(async () => 'token-recent');
    configureApiClient({
      getAccessToken: async () => 'token-old',
      renewSession: async () => 'token-new',
      onRecentLoginRequired,
    });
    fetchMock.mockImplementation(async (input) =>
      input instanceof Request && input.headers.get('Authorization') === 'Bearer token-new'
        ? Response.json({ ok: true })
        : Response.json(
            { message: 'Ongeldig of verlopen token' },
            { status: 401, headers: { 'www-authenticate': 'Bearer' } },
          ),
    );

    await expect(apiRequest('GET', '/rest/x')).resolves.toEqual({ ok: true });
    expect(onRecentLoginRequired).not.toHaveBeenCalled();
  });
});
