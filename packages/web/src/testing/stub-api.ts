import { vi } from 'vitest';

export type StubHandler = (request: Request) => Response | Promise<Response>;

/**
 * Stubs fetch with one handler per endpoint, keyed `'METHOD /path'` (the path without its query);
 * anything else answers 500. Answers the calls made, to check what a screen asked for.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  fetchMock.mockImplementation(async (request) => {
    const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : new Response('not stubbed', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);

  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .map(([request]) => request)
      .filter((request) => request.method === method && new URL(request.url).pathname === path);
  return {
    fetchMock,
    calls,
    /** The JSON bodies of the calls to one endpoint, oldest first. */
    bodies: (method: string, path: string) =>
      Promise.all(calls(method, path).map((request) => request.clone().json() as Promise<unknown>)),
  };
}
