import type { ServerResponse } from 'node:http';
import type { ServerOptions } from 'node:https';
import { reply, startLocalServer, type LocalServer, type ReceivedRequest } from './local-server';

export const CLIENT_SECRET = 'zeer-geheim-client-secret-8c1f';
export const ACCESS_TOKEN = 'ondoorzichtig-access-token-41d7';

export interface ParticipantBehaviour {
  /** Answers POST /token; default: ACCESS_TOKEN valid for an hour. */
  token?: (request: ReceivedRequest, response: ServerResponse) => void;
  /** Status per callback type at POST /callback/<type>; default 200. */
  callbacks?: Record<string, number>;
}

/**
 * A participant's system on 127.0.0.1: a token endpoint and callback receivers, the way a
 * connection check meets it. Callbacks answer only to the bearer token that was issued.
 */
export function startParticipant(behaviour: ParticipantBehaviour = {}, tls?: ServerOptions): Promise<LocalServer> {
  return startLocalServer((request, response) => {
    if (request.url === '/token') {
      if (behaviour.token) return behaviour.token(request, response);
      return reply(response, 200, { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 3600 });
    }
    const type = /^\/callback\/(\w+)$/.exec(request.url)?.[1];
    if (!type) return reply(response, 404, 'Not Found');
    if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
      return reply(response, 401, { error: 'invalid_token' });
    const status = behaviour.callbacks?.[type] ?? 200;
    reply(
      response,
      status,
      status === 500 ? '<html><body><h1>Interne fout</h1></body></html>' : { status },
      'text/html',
    );
  }, tls);
}

/** The configuration under check, pointing at a participant's origin. */
export function targetAt(origin: string, urls: Record<string, string> = {}, overrides = {}) {
  return {
    tokenUrl: `${origin}/token`,
    clientId: 'aannemer-alfa',
    clientSecret: CLIENT_SECRET,
    scope: 'berichten',
    useMtls: false,
    urls,
    ...overrides,
  };
}
