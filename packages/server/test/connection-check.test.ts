import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutbound, type OutboundOptions } from '../src/outbound/client';
import { checkConnection } from '../src/modules/connection-check/check';
import { closedPort, reply, startLocalServer, type LocalServer } from './support/local-server';
import {
  ACCESS_TOKEN,
  CLIENT_SECRET,
  startParticipant,
  targetAt,
  type ParticipantBehaviour,
} from './support/participant';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

async function participant(behaviour: ParticipantBehaviour = {}): Promise<LocalServer> {
  const server = await startParticipant(behaviour);
  cleanup.push(server.close);
  return server;
}

function outbound(options: Partial<OutboundOptions> = {}) {
  const created = createOutbound({ allowPrivateTargets: true, timeoutMs: 2000, ...options });
  cleanup.push(created.close);
  return created;
}

type Results = Awaited<ReturnType<typeof checkConnection>>;

function expectNoSecrets(results: Results) {
  const shown = JSON.stringify(results);
  expect(shown).not.toContain(CLIENT_SECRET);
  expect(shown).not.toContain(ACCESS_TOKEN);
}

const tokenAnswer =
  (body: unknown, status = 200): ParticipantBehaviour['token'] =>
  (_request, response) =>
    reply(response, status, body);

async function jwt(exp: number): Promise<string> {
  return new SignJWT({ sub: 'knooppunt' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode('x'.repeat(32)));
}

describe('checkConnection', () => {
  it('fetches a token and calls every callback with it: 2xx and 400 succeed, 500 fails', async () => {
    const server = await participant({ callbacks: { Opdracht: 200, Annulering: 400, OpdrachtGereed: 500 } });
    const urls = {
      Opdracht: `${server.origin}/callback/Opdracht`,
      Annulering: `${server.origin}/callback/Annulering`,
      OpdrachtGereed: `${server.origin}/callback/OpdrachtGereed`,
    };
    const results = await checkConnection(targetAt(server.origin, urls), outbound());

    expect(results.tokenUrl).toMatchObject({
      success: true,
      message: 'Token succesvol opgehaald (geldig 3600 seconden)',
    });
    expect(results.Opdracht).toMatchObject({ success: true, message: 'Callback bereikbaar (200 OK)' });
    expect(results.Annulering).toMatchObject({
      success: true,
      message: 'Callback bereikbaar (400 Bad Request telt als succes)',
    });
    expect(results.OpdrachtGereed).toEqual({
      success: false,
      message: 'Callback antwoordde 500 Internal Server Error',
      details: ['HTTP 500 Internal Server Error', '<html><body><h1>Interne fout</h1></body></html>'],
    });
    expectNoSecrets(results);

    const [tokenRequest, ...callbacks] = server.requests;
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'aannemer-alfa',
      client_secret: CLIENT_SECRET,
      scope: 'berichten',
    });
    expect(callbacks).toHaveLength(3);
    for (const callback of callbacks) {
      expect(callback).toMatchObject({ method: 'POST', body: '{}' });
      expect(callback.headers['content-type']).toBe('application/json');
    }
  });

  it('leaves scope out of the token request when the configuration has none', async () => {
    const server = await participant();
    await checkConnection(targetAt(server.origin, {}, { scope: '' }), outbound());
    expect(new URLSearchParams(server.requests[0]?.body).has('scope')).toBe(false);
  });

  it.each([
    ['no access_token', { token_type: 'Bearer', expires_in: 3600 }, 'Geen access_token in het antwoord'],
    [
      'no validity',
      { access_token: ACCESS_TOKEN, token_type: 'Bearer' },
      'Geldigheid van het token onbekend (geen expires_in of exp)',
    ],
    [
      'an expires_in that is no positive number',
      { access_token: ACCESS_TOKEN, expires_in: 0 },
      'Geldigheid van het token onbekend (expires_in is geen positief aantal seconden)',
    ],
    ['a JSON array', ['Bearer'], 'Antwoord is geen JSON-object'],
  ])('fails the token check on a token answer with %s and checks no callback', async (_case, body, message) => {
    const server = await participant({ token: tokenAnswer(body) });
    const results = await checkConnection(
      targetAt(server.origin, { Opdracht: `${server.origin}/callback/Opdracht` }),
      outbound(),
    );
    expect(results.tokenUrl).toMatchObject({ success: false, message });
    expect(Object.keys(results)).toEqual(['tokenUrl']);
    expect(server.requests).toHaveLength(1);
    expectNoSecrets(results);
  });

  it('derives the validity of a JWT without expires_in from its exp claim', async () => {
    const token = await jwt(Math.floor(Date.now() / 1000) + 600);
    const server = await participant({ token: tokenAnswer({ access_token: token, token_type: 'Bearer' }) });
    const results = await checkConnection(targetAt(server.origin), outbound());
    expect(results.tokenUrl?.success).toBe(true);
    expect(results.tokenUrl?.message).toMatch(/^Token succesvol opgehaald \(geldig (59\d|600) seconden\)$/);
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it('fails a JWT whose exp lies in the past', async () => {
    const token = await jwt(Math.floor(Date.now() / 1000) - 60);
    const server = await participant({ token: tokenAnswer({ access_token: token }) });
    const results = await checkConnection(targetAt(server.origin), outbound());
    expect(results.tokenUrl).toMatchObject({
      success: false,
      message: 'Token is al verlopen (exp ligt in het verleden)',
    });
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it('reports the status of a refusing token endpoint, with its answer but without the secret it echoes', async () => {
    const echo: ParticipantBehaviour['token'] = (request, response) =>
      reply(response, 401, { error: 'invalid_client', received: request.body });
    const server = await participant({ token: echo });
    const results = await checkConnection(
      targetAt(server.origin, { Opdracht: `${server.origin}/callback/Opdracht` }),
      outbound(),
    );
    expect(results.tokenUrl).toMatchObject({ success: false, message: 'Tokenendpoint antwoordde 401 Unauthorized' });
    expect(results.tokenUrl?.details[0]).toBe('HTTP 401 Unauthorized');
    expect(results.tokenUrl?.details[1]).toContain('"error": "invalid_client"');
    expect(Object.keys(results)).toEqual(['tokenUrl']);
    expectNoSecrets(results);
  });

  it('fails a token answer that is not JSON and shows it as it came', async () => {
    const html = '<html><body>Onderhoud</body></html>';
    const server = await participant({ token: (_request, response) => reply(response, 200, html, 'text/html') });
    const results = await checkConnection(targetAt(server.origin), outbound());
    expect(results.tokenUrl).toEqual({
      success: false,
      message: 'Antwoord is geen JSON',
      details: ['HTTP 200 OK', html],
    });
  });

  it('gives up on a token endpoint that does not answer in time', async () => {
    const server = await participant({ token: () => {} });
    const results = await checkConnection(targetAt(server.origin), outbound({ timeoutMs: 300 }));
    expect(results.tokenUrl).toMatchObject({ success: false, message: 'Geen reactie binnen 0,3 seconden' });
  });

  it('reports a token URL nobody listens on as unreachable', async () => {
    const results = await checkConnection(targetAt(`http://127.0.0.1:${await closedPort()}`), outbound());
    expect(results).toEqual({
      tokenUrl: { success: false, message: 'Adres niet bereikbaar', details: ['Foutcode: ECONNREFUSED'] },
    });
  });

  it('reports each callback on its own: an unreachable one fails while the others succeed', async () => {
    const server = await participant();
    const urls = {
      Opdracht: `${server.origin}/callback/Opdracht`,
      Annulering: `http://127.0.0.1:${await closedPort()}/callback/Annulering`,
    };
    const results = await checkConnection(targetAt(server.origin, urls), outbound());
    expect(results.Opdracht?.success).toBe(true);
    expect(results.Annulering).toMatchObject({ success: false, message: 'Adres niet bereikbaar' });
  });

  it('hides the access token when a callback echoes it', async () => {
    const server = await participant();
    const echo = await startLocalServer((request, response) =>
      reply(response, 403, `Geweigerd: ${request.headers.authorization ?? ''}`),
    );
    cleanup.push(echo.close);
    const results = await checkConnection(targetAt(server.origin, { Opdracht: `${echo.origin}/in` }), outbound());
    expect(results.Opdracht).toEqual({
      success: false,
      message: 'Callback antwoordde 403 Forbidden',
      details: ['HTTP 403 Forbidden', 'Geweigerd: Bearer ***'],
    });
  });

  it('masks a short secret where it stands as a value, never inside other words', async () => {
    const server = await participant({ token: tokenAnswer({ access_token: 'kort', expires_in: 300 }) });
    const results = await checkConnection(targetAt(server.origin, {}, { clientSecret: 'sec' }), outbound());
    expect(results.tokenUrl).toEqual({
      success: true,
      message: 'Token succesvol opgehaald (geldig 300 seconden)',
      details: [
        'HTTP 200 OK',
        'Een access_token is ontvangen (niet getoond)',
        'Geldigheid uit expires_in: 300 seconden',
      ],
    });
  });

  it('masks a short secret a refusing token endpoint echoes as a form field, a word or after a line break', async () => {
    const echo: ParticipantBehaviour['token'] = (request, response) =>
      reply(response, 401, {
        error: 'invalid_client',
        error_description: 'Onbekend secret sec, voor de tweede seconde\nsec',
        received: request.body,
      });
    const server = await participant({ token: echo });
    const results = await checkConnection(targetAt(server.origin, {}, { clientSecret: 'sec' }), outbound());
    expect(results.tokenUrl?.message).toBe('Tokenendpoint antwoordde 401 Unauthorized');
    const body = JSON.parse(results.tokenUrl?.details[1] ?? '') as Record<string, string>;
    expect(body.error_description).toBe('Onbekend secret ***, voor de tweede seconde\n***');
    expect(body.received).toBe(
      'grant_type=client_credentials&client_id=aannemer-alfa&client_secret=***&scope=berichten',
    );
  });

  it('refuses a loopback token URL when private targets are not allowed, without connecting', async () => {
    const server = await participant();
    const results = await checkConnection(
      targetAt(server.origin.replace('http:', 'https:'), { Opdracht: `${server.origin}/callback/Opdracht` }),
      outbound({ allowPrivateTargets: false }),
    );
    expect(results).toEqual({
      tokenUrl: {
        success: false,
        message: 'Adres niet toegestaan: het wijst naar een intern, lokaal of privé-netwerkadres',
        details: [],
      },
    });
    expect(server.connections).toBe(0);
  });

  it('fails the token check when mTLS is asked but the platform has no client certificate', async () => {
    const server = await participant();
    const results = await checkConnection(targetAt(server.origin, {}, { useMtls: true }), outbound());
    expect(results.tokenUrl).toMatchObject({
      success: false,
      message: 'mTLS staat aan voor deze configuratie, maar op het platform is geen clientcertificaat ingesteld',
    });
    expect(server.connections).toBe(0);
  });
});
