import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BERICHTEN, IDEMPOTENCY_HEADER, MAX_INTEGER } from '@knooppunt/domain';
import { auditLog } from '../src/db/schema';
import { demoSystemClientId } from '../src/demo/data';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { changedTables, fingerprinter } from './support/db-fingerprint';
import { eventually } from './support/delivery';

/**
 * Input PostgreSQL cannot hold is refused with 400 naming the field, and nothing is written: NUL
 * and lone surrogates before any handler, integers past PostgreSQL's integer by their schema.
 */
let t: TestApp;
let database: Awaited<ReturnType<typeof fingerprinter>>;
let superUser: Record<string, string>;
let system: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  database = await fingerprinter(t.app.db);
  superUser = bearer(
    await tokenFor(t, { roles: ['Beheer ziet alles', 'Gebruikers Beheren', 'Business rules Beheren'] }),
  );
  system = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: demoSystemClientId('Netbeheer_Noord') }));
});
afterAll(() => t.close());

const invalid = (field: string) => ({
  message: `${field}: bevat een ongeldig teken`,
  details: [{ field, message: 'bevat een ongeldig teken' }],
});

/** Sends the request and proves its answer is the refusal of `field` and that nothing changed. */
async function expectRefused(request: InjectOptions, field: string) {
  const before = await database.take();
  const response = await t.app.inject(request);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(invalid(field));
  expect(changedTables(before, await database.take())).toEqual([]);
}

describe('text PostgreSQL cannot hold', () => {
  it('is refused in a /rest body, NUL and lone surrogate alike; the same body without it is stored', async () => {
    const create = (organisatie: string) => ({
      method: 'POST' as const,
      url: '/rest/organisations',
      headers: { ...superUser, 'content-type': 'application/json' },
      // Written out: JSON.stringify would escape a lone surrogate the same way, but say so plainly.
      payload: `{"organisatie":${organisatie},"type":"Aannemer"}`,
    });
    await expectRefused(create('"Aannemer\\u0000Nul"'), 'organisatie');
    await expectRefused(create('"Aannemer \\ud800"'), 'organisatie');
    await expectRefused(create('"\\udc00 Aannemer"'), 'organisatie');
    // A surrogate pair is a character like any other (here an emoji): accepted.
    const stored = await t.app.inject(create('"Aannemer \\ud83d\\ude00"'));
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({ organisatie: 'Aannemer 😀' });
  });

  it('is refused in a nested field of the participants API, and in its Idempotency-Key', async () => {
    const bericht = EXAMPLE_BERICHTEN.Opdracht;
    await expectRefused(
      {
        method: 'POST',
        url: '/api/v1/berichten',
        headers: system,
        payload: { ...bericht, data: { ...bericht.data, omschrijving: 'Meterkast\u0000voorgevel' } },
      },
      'data.omschrijving',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/v1/berichten',
        headers: { ...system, [IDEMPOTENCY_HEADER]: 'a\u0000b' },
        payload: bericht,
      },
      IDEMPOTENCY_HEADER,
    );
  });

  it('is refused in a name of a field', async () => {
    const bericht = EXAMPLE_BERICHTEN.Opdracht;
    const before = await database.take();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: system,
      payload: { ...bericht, data: { ...bericht.data, 'opmerking\u0000': 'x' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'data: bevat een veldnaam met een ongeldig teken',
      details: [{ field: 'data', message: 'bevat een veldnaam met een ongeldig teken' }],
    });
    expect(changedTables(before, await database.take())).toEqual([]);
  });

  it('is refused in the query and in a path parameter', async () => {
    await expectRefused({ method: 'GET', url: '/rest/rules?netbeheerder=a%00b', headers: superUser }, 'netbeheerder');
    await expectRefused(
      { method: 'PATCH', url: '/rest/management/opdracht/cancel/a%00b', headers: superUser },
      'opdrachtId',
    );
  });

  it("is refused in the system clients' query and path", async () => {
    const clientsAdmin = bearer(await tokenFor(t, { roles: ['Beheer ziet alles', 'Connectiviteit Beheren'] }));
    await expectRefused(
      { method: 'GET', url: '/rest/clients?organisatie=a%00b', headers: clientsAdmin },
      'organisatie',
    );
    await expectRefused(
      { method: 'POST', url: '/rest/clients/a%00b/intrekken', headers: clientsAdmin, payload: {} },
      'clientId',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/rest/clients',
        headers: clientsAdmin,
        payload: { organisatie: 'Netbeheer_Noord', omschrijving: 'Systeem \ud800' },
      },
      'omschrijving',
    );
  });

  it('is refused only after the guard: without a token the answer stays 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/rules?netbeheerder=a%00b' });
    expect(response.statusCode).toBe(401);
  });

  it("is refused in the embedded provider's login form", async () => {
    // A real login interaction: the authorize request's redirect carries its uid and cookie.
    const { oidc, publicUrl } = t.config;
    const authorize = new URL(`${oidc.issuer}/auth`);
    for (const [name, value] of Object.entries({
      client_id: oidc.portalClientId,
      redirect_uri: `${publicUrl}/callback`,
      response_type: 'code',
      scope: oidc.scope,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    const started = await t.app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` });
    expect(started.statusCode).toBe(303);
    const loginPath = new URL(started.headers.location as string, publicUrl).pathname;
    expect(loginPath).toMatch(/^\/oidc\/interaction\//);
    const cookie = started.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const login = (email: string) => ({
      method: 'POST' as const,
      url: loginPath,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: 'demo' }).toString(),
    });
    await expectRefused(login('beheer@knooppunt.example\u0000'), 'email');
    // The interaction is intact: the same form without the NUL logs in.
    const loggedIn = await t.app.inject(login('beheer@knooppunt.example'));
    expect(loggedIn.statusCode).toBe(303);
  });

  it("answers 4xx, not 500, at the provider's token and revocation endpoints", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const system = `Basic ${Buffer.from(`${demoSystemClientId('Netbeheer_Noord')}:demo-secret`).toString('base64')}`;
    const failedTokens = () => t.app.db.$count(auditLog, eq(auditLog.action, 'token.failed'));
    const failedBefore = await failedTokens();
    const before = await database.take();
    const unknownClient = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: form,
      payload: 'grant_type=client_credentials&client_id=a%00b&client_secret=x',
    });
    expect(unknownClient.statusCode).toBe(401);
    expect(unknownClient.json()).toMatchObject({ error: 'invalid_client' });
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { ...form, authorization: system },
      payload: 'token=a%00b',
    });
    // Revoking an unknown token succeeds without effect (RFC 7009).
    expect(revoked.statusCode).toBe(200);
    const code = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: form,
      payload: `grant_type=authorization_code&client_id=${t.config.oidc.portalClientId}&code=a%00b&code_verifier=${'x'.repeat(43)}&redirect_uri=${encodeURIComponent(`${t.config.publicUrl}/callback`)}`,
    });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({ error: 'invalid_grant' });
    // A client assertion naming a client id PostgreSQL cannot hold: an unknown client.
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const assertion = `${encode({ alg: 'ES256' })}.${encode({ sub: 'a\u0000b', iss: 'a\u0000b', exp: 4102444800 })}.c2ln`;
    const asserted = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: form,
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }).toString(),
    });
    expect(asserted.statusCode).toBe(401);
    expect(asserted.json()).toMatchObject({ error: 'invalid_client' });
    // The failed client authentication is counted and audited (decision 0016): those records are
    // the throttle's, written on purpose; nothing else changed. They are written once the answer
    // is sent: both awaited, or the last would land in the next test's comparison.
    await eventually(async () => expect(await failedTokens()).toBe(failedBefore + 2));
    expect(changedTables(before, await database.take())).toEqual(['audit_log', 'login_throttle']);
  });
});

describe('numbers past PostgreSQL integer', () => {
  const tooBig = MAX_INTEGER + 1;
  const refused = (field: string) => ({
    message: `${field}: Kies een getal van ten hoogste ${MAX_INTEGER}`,
    details: [{ field, message: `Kies een getal van ten hoogste ${MAX_INTEGER}` }],
  });

  it('are refused as a configuration version, in the query and in a body', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: `/rest/management/config?deelnemer=Netbeheer_Noord&versienummer=2.0&version=${tooBig}`,
      headers: superUser,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refused('version'));
    const body = await t.app.inject({
      method: 'POST',
      url: '/rest/management/connection-check',
      headers: superUser,
      payload: { deelnemer: 'Netbeheer_Noord', versienummer: '2.0', version: tooBig },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual(refused('version'));
    // The largest integer is a version like any other: not found.
    const largest = await t.app.inject({
      method: 'GET',
      url: `/rest/management/config?deelnemer=Netbeheer_Noord&versienummer=2.0&version=${MAX_INTEGER}`,
      headers: superUser,
    });
    expect(largest.statusCode).toBe(404);
  });

  it('are refused as the version of published rules', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/rest/rules?versie=${tooBig}`, headers: superUser });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('versie'));
  });
});

describe('every refusal of malformed input is Dutch', () => {
  // Built when the test runs: the caller's token exists only after beforeAll.
  const post =
    (payload: string, contentType = 'application/json') =>
    () => ({
      method: 'POST' as const,
      url: '/rest/organisations',
      headers: { ...superUser, 'content-type': contentType },
      payload,
    });

  it.each([
    ['a body that is not JSON', post('{"organisatie":'), 400, 'body: geen geldige JSON.'],
    ['an empty JSON body', post(''), 400, 'body: mag niet leeg zijn bij content-type application/json.'],
    [
      'another content type',
      post('<a/>', 'text/xml'),
      415,
      'Dit content-type wordt niet ondersteund; stuur application/json.',
    ],
    [
      'a body over the limit',
      post(JSON.stringify({ organisatie: 'x'.repeat(1_100_000) })),
      413,
      'Het verzoek is te groot.',
    ],
    [
      'a path that does not decode',
      () => ({ method: 'GET' as const, url: '/rest/rules/%ED%A0%80', headers: superUser }),
      400,
      'Het adres van het verzoek is ongeldig.',
    ],
  ])('%s', async (_case, request, status, message) => {
    const before = await database.take();
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(changedTables(before, await database.take())).toEqual([]);
  });

  it("names the field in zod's own messages in Dutch", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/organisations/search',
      headers: superUser,
      payload: { skip: 'tien' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'skip', message: 'Ongeldige invoer: verwacht getal, ontving string' },
    ]);
  });
});
