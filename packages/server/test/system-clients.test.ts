import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_BERICHTEN,
  SUPER_ROLE,
  SYSTEM_CLIENT_TEXTS,
  type IssuedSystemClient,
  type SystemClient,
  type SystemClientList,
} from '@knooppunt/domain';
import { auditLog, systemClients } from '../src/db/schema';
import { DEMO_CLIENT_SECRET, demoSystemClientId } from '../src/demo/data';
import { bearer, createListeningTestApp, createTestApp, tokenFor, type TestApp } from './helpers';
import { startExternalIssuer, type ExternalIssuer } from './support/external-issuer';

/**
 * Participants' system clients (issue 19 item 4, decision 0019): administered through /rest/clients,
 * used at the embedded provider's real token endpoint, and the token used at the participants' API.
 */

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
// Limits out of the way: this file's refusals are about the clients, not about guessing (login-throttle.test.ts).
const NO_THROTTLE = { LOGIN_MAX_FAILURES_PER_IP: '10000', LOGIN_DELAY_AFTER_FAILURES: '1000' };

const ADMIN = {
  roles: [SUPER_ROLE, 'Connectiviteit Beheren'],
  deelnemer: 'Knooppunt_Beheer',
  email: 'beheer@knooppunt.example',
};
const NOORD = {
  roles: ['Netbeheerder', 'Beheer connectiviteit'],
  deelnemer: 'Netbeheer_Noord',
  email: 'netbeheer@noord.example',
};

const opdracht = (opdrachtId: string) => ({
  ...EXAMPLE_BERICHTEN.Opdracht,
  opdrachtId,
  data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa' },
});

async function caller(t: TestApp, claims: { roles: string[]; deelnemer: string; email?: string }) {
  return bearer(await tokenFor(t, claims));
}

function api(t: TestApp, headers: Record<string, string>) {
  return {
    list: (organisatie?: string) =>
      t.app.inject({
        method: 'GET',
        url:
          organisatie === undefined ? '/rest/clients' : `/rest/clients?organisatie=${encodeURIComponent(organisatie)}`,
        headers,
      }),
    create: (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/rest/clients', headers, payload: payload as object }),
    rotate: (clientId: string) =>
      t.app.inject({ method: 'POST', url: `/rest/clients/${encodeURIComponent(clientId)}/geheim`, headers }),
    revoke: (clientId: string) =>
      t.app.inject({ method: 'POST', url: `/rest/clients/${encodeURIComponent(clientId)}/intrekken`, headers }),
  };
}

/** A client-credentials token request at the real token endpoint, the secret in the Basic header. */
async function tokenWithSecret(t: TestApp, clientId: string, secret: string) {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  const response = await fetch(`${t.config.oidc.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  });
  const body = (await response.json()) as { access_token?: string; error?: string };
  return { status: response.status, ...body };
}

/** A client-credentials token request authenticated with a client assertion (private_key_jwt). */
async function tokenWithAssertion(t: TestApp, assertion: string) {
  const response = await fetch(`${t.config.oidc.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: assertion,
    }).toString(),
  });
  const body = (await response.json()) as { access_token?: string; error?: string };
  return { status: response.status, ...body };
}

async function assertion(
  t: TestApp,
  clientId: string,
  key: CryptoKey,
  { alg, kid, expiresAt }: { alg: string; kid?: string; expiresAt?: number },
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg, ...(kid && { kid }) })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(`${t.config.oidc.issuer}/token`)
    .setJti(randomUUID())
    .setIssuedAt(now - 5)
    .setExpirationTime(expiresAt ?? now + 60)
    .sign(key);
}

async function clientRows(t: TestApp) {
  const [row] = await t.app.db.select({ n: count() }).from(systemClients);
  return row?.n ?? 0;
}

describe('system clients with the embedded provider', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let noord: ReturnType<typeof api>;
  const issuedSecrets: string[] = [];

  beforeAll(async () => {
    t = await createListeningTestApp(NO_THROTTLE);
    admin = api(t, await caller(t, ADMIN));
    noord = api(t, await caller(t, NOORD));
  });
  afterAll(() => t?.close());

  const created = async (by: ReturnType<typeof api>, body: object): Promise<IssuedSystemClient> => {
    const response = await by.create(body);
    expect(response.statusCode, response.body).toBe(201);
    const issued = response.json<IssuedSystemClient>();
    if (issued.geheim) issuedSecrets.push(issued.geheim);
    return issued;
  };

  it("lists the demo systems' clients, and what a system needs to connect", async () => {
    const response = await admin.list('Netbeheer_Noord');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<SystemClientList>();
    expect(list).toMatchObject({ organisatie: 'Netbeheer_Noord', type: 'Netbeheerder' });
    expect(list.items.map((item) => item.clientId)).toEqual([demoSystemClientId('Netbeheer_Noord')]);
    expect(list.items[0]).toMatchObject({ methode: 'client_secret_basic', status: 'actief', aangemaaktDoor: 'demo' });
    expect(list.verbinding).toEqual({
      extern: false,
      issuer: t.config.oidc.issuer,
      tokenEndpoint: `${t.config.oidc.issuer}/token`,
      audience: 'urn:knooppunt:api',
      deelnemerClaim: 'deelnemer',
      systeemClaim: 'scope',
      systeemClaimWaarde: 'knooppunt:systeem',
      respijtUren: 24,
      tokenLevensduurSeconden: 300,
    });
    // Without `organisatie`: the caller's own organisation.
    const own = (await noord.list()).json<SystemClientList>();
    expect(own.organisatie).toBe('Netbeheer_Noord');
    // The demo secret is stored as a hash, and works at the token endpoint.
    const [row] = await t.app.db
      .select()
      .from(systemClients)
      .where(eq(systemClients.clientId, demoSystemClientId('Netbeheer_Noord')));
    expect(row?.secretHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain(DEMO_CLIENT_SECRET);
    expect((await tokenWithSecret(t, demoSystemClientId('Aannemer_Alfa'), DEMO_CLIENT_SECRET)).status).toBe(200);
  });

  it("creates a client whose secret gets a token that sends an order as the organisation's system", async () => {
    const issued = await created(noord, { omschrijving: '  Planningssysteem  ' });
    expect(issued.client).toMatchObject({
      organisatie: 'Netbeheer_Noord',
      omschrijving: 'Planningssysteem',
      methode: 'client_secret_basic',
      status: 'actief',
      aangemaaktDoor: NOORD.email,
      geheimVernieuwd: null,
      vorigGeheimGeldigTot: null,
      laatstGebruikt: null,
      ingetrokken: null,
    });
    expect(issued.client.clientId).toMatch(/^netbeheer_noord-[0-9a-f]{8}$/);
    expect(Buffer.from(issued.geheim!, 'base64url')).toHaveLength(32);
    expect(issued.tokenEndpoint).toBe(`${t.config.oidc.issuer}/token`);

    // Stored only as a slow hash.
    const [row] = await t.app.db.select().from(systemClients).where(eq(systemClients.clientId, issued.client.clientId));
    expect(row?.secretHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain(issued.geheim);

    // Newest first.
    const list = (await noord.list()).json<SystemClientList>();
    expect(list.items[0]?.clientId).toBe(issued.client.clientId);

    const token = await tokenWithSecret(t, issued.client.clientId, issued.geheim!);
    expect(token.status).toBe(200);
    expect(decodeJwt(token.access_token!)).toMatchObject({
      deelnemer: 'Netbeheer_Noord',
      client_id: issued.client.clientId,
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: bearer(token.access_token!),
      payload: opdracht('CLIENT-1'),
    });
    expect(sent.statusCode, sent.body).toBe(202);

    // The token's issue is recorded as the client's last use (in the background).
    const lastUse = async () =>
      (await noord.list()).json<SystemClientList>().items.find((item) => item.clientId === issued.client.clientId)
        ?.laatstGebruikt;
    await expect.poll(lastUse, { timeout: 10_000 }).toBeTruthy();
    expect(Date.parse((await lastUse())!)).toBeGreaterThan(Date.now() - 60_000);

    // A wrong secret is refused.
    expect(await tokenWithSecret(t, issued.client.clientId, `${issued.geheim}x`)).toMatchObject({
      status: 401,
      error: 'invalid_client',
    });
  });

  it("gives the super role every organisation's clients without organisatie, each naming its organisation", async () => {
    const response = await admin.list();
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<SystemClientList>();
    expect(list).toMatchObject({ organisatie: null, type: null });
    const byOrganisation = new Map(list.items.map((item) => [item.clientId, item.organisatie]));
    for (const organisatie of ['Netbeheer_Noord', 'Aannemer_Alfa', 'Combi_Oost']) {
      expect(byOrganisation.get(demoSystemClientId(organisatie))).toBe(organisatie);
    }
    // Newest first, as an organisation's own list.
    const created = list.items.map((item) => item.aangemaakt);
    expect(created).toEqual([...created].sort().reverse());
    // A participant's manager still gets its own organisation's only.
    const own = (await noord.list()).json<SystemClientList>();
    expect(own.organisatie).toBe('Netbeheer_Noord');
    expect(new Set(own.items.map((item) => item.organisatie))).toEqual(new Set(['Netbeheer_Noord']));
  });

  it('lets the super role manage any organisation, and names the organisation in the id', async () => {
    const issued = await created(admin, { organisatie: 'Combi_Oost', omschrijving: 'Combi-koppeling' });
    expect(issued.client).toMatchObject({ organisatie: 'Combi_Oost', aangemaaktDoor: ADMIN.email });
    expect(issued.client.clientId).toMatch(/^combi_oost-[0-9a-f]{8}$/);
    expect((await tokenWithSecret(t, issued.client.clientId, issued.geheim!)).status).toBe(200);
  });

  it("'Nieuw geheim': the new secret works at once and the previous one during the grace period; the one before stops", async () => {
    const issued = await created(noord, { omschrijving: 'Roteren' });
    const { clientId } = issued.client;
    const first = issued.geheim!;
    expect((await tokenWithSecret(t, clientId, first)).status).toBe(200);

    const rotated = await noord.rotate(clientId);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json<IssuedSystemClient>();
    issuedSecrets.push(second.geheim!);
    expect(second.geheim).not.toBe(first);
    expect(second.client.geheimVernieuwd).not.toBeNull();
    const graceEnds = Date.parse(second.client.vorigGeheimGeldigTot!);
    expect(Math.abs(graceEnds - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);

    expect((await tokenWithSecret(t, clientId, second.geheim!)).status).toBe(200);
    expect((await tokenWithSecret(t, clientId, first)).status).toBe(200);

    // Another rotation: the first secret (remembered as verified a moment ago) stops at once.
    const third = (await noord.rotate(clientId)).json<IssuedSystemClient>();
    issuedSecrets.push(third.geheim!);
    expect((await tokenWithSecret(t, clientId, first)).status).toBe(401);
    expect((await tokenWithSecret(t, clientId, second.geheim!)).status).toBe(200);
    expect((await tokenWithSecret(t, clientId, third.geheim!)).status).toBe(200);
  });

  it("'Intrekken': no new token at once; a token issued before stays valid until it expires; 409 after", async () => {
    const issued = await created(noord, { omschrijving: 'Intrekken' });
    const { clientId } = issued.client;
    const before = await tokenWithSecret(t, clientId, issued.geheim!);
    expect(before.status).toBe(200);

    const revoked = await noord.revoke(clientId);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<SystemClient>()).toMatchObject({
      clientId,
      status: 'ingetrokken',
      ingetrokkenDoor: NOORD.email,
      vorigGeheimGeldigTot: null,
    });
    expect(await tokenWithSecret(t, clientId, issued.geheim!)).toMatchObject({ status: 401, error: 'invalid_client' });
    const [row] = await t.app.db.select().from(systemClients).where(eq(systemClients.clientId, clientId));
    expect(row).toMatchObject({ secretHash: null, previousSecretHash: null });

    // A JWT already issued cannot be called back: it works until its end (ACCESS_TOKEN_TTL_SECONDS).
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: bearer(before.access_token!),
      payload: opdracht('CLIENT-INGETROKKEN'),
    });
    expect(sent.statusCode, sent.body).toBe(202);

    for (const again of [await noord.revoke(clientId), await noord.rotate(clientId)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(SYSTEM_CLIENT_TEXTS.revoked);
    }
    expect((await noord.list()).json<SystemClientList>().items.find((item) => item.clientId === clientId)?.status).toBe(
      'ingetrokken',
    );
  });

  describe('private_key_jwt', () => {
    let ec: { privateKey: CryptoKey; publicKey: CryptoKey };
    let clientId: string;

    beforeAll(async () => {
      ec = await generateKeyPair('ES256');
      const jwk = { ...(await exportJWK(ec.publicKey)), kid: 'noord-1', use: 'sig' };
      const issued = await created(noord, {
        omschrijving: 'Met sleutel',
        methode: 'private_key_jwt',
        jwks: { keys: [jwk] },
      });
      expect(issued.geheim).toBeUndefined();
      expect(issued.client.methode).toBe('private_key_jwt');
      clientId = issued.client.clientId;
    });

    it('gets a token with an assertion signed by its registered key (ES256), which sends an order', async () => {
      const token = await tokenWithAssertion(
        t,
        await assertion(t, clientId, ec.privateKey, { alg: 'ES256', kid: 'noord-1' }),
      );
      expect(token.status, JSON.stringify(token)).toBe(200);
      expect(decodeJwt(token.access_token!)).toMatchObject({ deelnemer: 'Netbeheer_Noord', client_id: clientId });
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/berichten',
        headers: bearer(token.access_token!),
        payload: opdracht('CLIENT-PKJWT'),
      });
      expect(sent.statusCode, sent.body).toBe(202);
    });

    it('refuses an assertion signed by another key, an expired one and a replayed one', async () => {
      const other = await generateKeyPair('ES256');
      expect(
        await tokenWithAssertion(t, await assertion(t, clientId, other.privateKey, { alg: 'ES256' })),
      ).toMatchObject({
        status: 401,
        error: 'invalid_client',
      });
      const expired = await assertion(t, clientId, ec.privateKey, {
        alg: 'ES256',
        expiresAt: Math.floor(Date.now() / 1000) - 120,
      });
      expect((await tokenWithAssertion(t, expired)).status).toBe(401);
      const once = await assertion(t, clientId, ec.privateKey, { alg: 'ES256' });
      expect((await tokenWithAssertion(t, once)).status).toBe(200);
      expect(await tokenWithAssertion(t, once)).toMatchObject({ status: 401, error: 'invalid_client' });
      // A secret is no way in for it.
      expect((await tokenWithSecret(t, clientId, 'geheim')).status).toBe(401);
    });

    it('refuses an assertion that expires years ahead, and takes one that expires within a minute', async () => {
      const now = Math.floor(Date.now() / 1000);
      const years = await assertion(t, clientId, ec.privateKey, { alg: 'ES256', expiresAt: now + 10 * 365 * 86_400 });
      expect(await tokenWithAssertion(t, years)).toEqual({
        status: 401,
        error: 'invalid_client',
        error_description: 'client authentication failed',
      });
      const minute = await assertion(t, clientId, ec.privateKey, { alg: 'ES256', expiresAt: now + 60 });
      const token = await tokenWithAssertion(t, minute);
      expect(token.status, JSON.stringify(token)).toBe(200);
      expect(decodeJwt(token.access_token!)).toMatchObject({ client_id: clientId });
    });

    it('takes RS256 and PS256 with an RSA key; HS256 is not offered', async () => {
      const rsa = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1' };
      const privateJwk = await exportJWK(rsa.privateKey);
      const issued = await created(admin, {
        organisatie: 'Aannemer_Beta',
        omschrijving: 'RSA',
        methode: 'private_key_jwt',
        jwks: { keys: [jwk] },
      });
      for (const alg of ['RS256', 'PS256']) {
        const key = (await importJWK(privateJwk, alg)) as CryptoKey;
        const token = await tokenWithAssertion(t, await assertion(t, issued.client.clientId, key, { alg }));
        expect(token.status, alg).toBe(200);
      }
      const hmac = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(issued.client.clientId)
        .setSubject(issued.client.clientId)
        .setAudience(`${t.config.oidc.issuer}/token`)
        .setJti(randomUUID())
        .setExpirationTime('1m')
        .sign(new TextEncoder().encode('secret-kept-as-hash-only'.padEnd(32, 'x')));
      expect((await tokenWithAssertion(t, hmac)).status).toBe(401);
    });

    it('has no secret to renew (409)', async () => {
      const response = await noord.rotate(clientId);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(SYSTEM_CLIENT_TEXTS.noSecret);
    });
  });

  describe('refusals', () => {
    it('answers 400 naming the field for a bad body, and writes nothing', async () => {
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const privateJwk = await exportJWK(privateKey);
      const weakRsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });
      const cases: [body: unknown, field: string, message?: string][] = [
        [{}, 'omschrijving', SYSTEM_CLIENT_TEXTS.omschrijvingRequired],
        [{ omschrijving: '   ' }, 'omschrijving', SYSTEM_CLIENT_TEXTS.omschrijvingRequired],
        [{ omschrijving: 5 }, 'omschrijving', SYSTEM_CLIENT_TEXTS.omschrijvingRequired],
        [{ omschrijving: 'x'.repeat(100_000) }, 'omschrijving', SYSTEM_CLIENT_TEXTS.omschrijvingTooLong],
        [{ omschrijving: 'a\u0000b' }, 'omschrijving'],
        [{ omschrijving: 'Systeem', methode: 'client_secret_post' }, 'methode', SYSTEM_CLIENT_TEXTS.methodeInvalid],
        [{ omschrijving: 'Systeem', methode: 'private_key_jwt' }, 'jwks', SYSTEM_CLIENT_TEXTS.jwksRequired],
        [{ omschrijving: 'Systeem', jwks: { keys: [publicJwk] } }, 'jwks', SYSTEM_CLIENT_TEXTS.jwksNotAllowed],
        [{ omschrijving: 'Systeem', methode: 'private_key_jwt', jwks: { keys: [] } }, 'jwks.keys'],
        [{ omschrijving: 'Systeem', methode: 'private_key_jwt', jwks: { keys: [privateJwk] } }, 'jwks.keys.0'],
        [{ omschrijving: 'Systeem', methode: 'private_key_jwt', jwks: { keys: ['sleutel'] } }, 'jwks.keys.0'],
        [
          {
            omschrijving: 'Systeem',
            methode: 'private_key_jwt',
            jwks: { keys: [{ kty: 'RSA', n: 'abc', e: 'AQAB' }] },
          },
          'jwks.keys.0.n',
          SYSTEM_CLIENT_TEXTS.rsaBits(1, 15, 2048, 8192),
        ],
        [
          { omschrijving: 'Systeem', methode: 'private_key_jwt', jwks: { keys: [weakRsa] } },
          'jwks.keys.0.n',
          SYSTEM_CLIENT_TEXTS.rsaBits(1, 1024, 2048, 8192),
        ],
        [
          { omschrijving: 'Systeem', methode: 'private_key_jwt', jwks: { keys: [{ ...publicJwk, use: 'enc' }] } },
          'jwks.keys.0.use',
          SYSTEM_CLIENT_TEXTS.keyUse(1),
        ],
        [{ organisatie: 5, omschrijving: 'Systeem' }, 'organisatie'],
        [{ organisatie: 'Implementatie_Partner_Integra', omschrijving: 'Systeem' }, 'organisatie'],
        [{ organisatie: 'Knooppunt_Beheer', omschrijving: 'Systeem' }, 'organisatie'],
      ];
      const rowsBefore = await clientRows(t);
      for (const [body, field, message] of cases) {
        const response = await admin.create({ organisatie: 'Netbeheer_Noord', ...(body as object) });
        expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
        const { message: text } = response.json<{ message: string }>();
        expect(text, JSON.stringify(body).slice(0, 200)).toContain(field);
        if (message) expect(text).toContain(message);
      }
      expect(await clientRows(t)).toBe(rowsBefore);
      // The count sees a write: a valid request changes it.
      await created(admin, { organisatie: 'Aannemer_Gamma', omschrijving: 'Geldig' });
      expect(await clientRows(t)).toBe(rowsBefore + 1);

      const typed = await admin.list('Implementatie_Partner_Integra');
      expect(typed.statusCode).toBe(400);
      expect(typed.json().message).toContain(
        SYSTEM_CLIENT_TEXTS.organisationTypeWithoutClients('Implementatie partner'),
      );
      for (const url of ['/rest/clients?organisatie=a%00b', '/rest/clients/a%00b/geheim']) {
        const response = await t.app.inject({
          method: url.endsWith('geheim') ? 'POST' : 'GET',
          url,
          headers: await caller(t, ADMIN),
        });
        expect(response.statusCode, url).toBe(400);
      }
    });

    it('answers 401 without a token and 403 without the right', async () => {
      const anonymous = api(t, {});
      for (const response of [
        await anonymous.list('Netbeheer_Noord'),
        await anonymous.create({ omschrijving: 'x' }),
        await anonymous.rotate(demoSystemClientId('Netbeheer_Noord')),
        await anonymous.revoke(demoSystemClientId('Netbeheer_Noord')),
      ]) {
        expect(response.statusCode).toBe(401);
      }
      for (const claims of [
        { roles: ['Netbeheerder', 'Configuraties Beheren'], deelnemer: 'Netbeheer_Noord' },
        // The super role needs 'Connectiviteit Beheren'; the participant's role does not count with it.
        { roles: [SUPER_ROLE, 'Gebruikers Beheren', 'Beheer connectiviteit'], deelnemer: 'Knooppunt_Beheer' },
      ]) {
        const without = api(t, await caller(t, claims));
        for (const response of [
          await without.list('Netbeheer_Noord'),
          await without.create({ organisatie: 'Netbeheer_Noord', omschrijving: 'x' }),
          await without.rotate(demoSystemClientId('Netbeheer_Noord')),
          await without.revoke(demoSystemClientId('Netbeheer_Noord')),
        ]) {
          expect(response.statusCode).toBe(403);
        }
      }
    });

    it("answers 403 to a participant's manager for any other organisation, existing or not, and writes nothing", async () => {
      const rowsBefore = await clientRows(t);
      for (const organisatie of ['Netbeheer_Zuid', 'Bestaat_Niet', 'Knooppunt_Beheer']) {
        for (const response of [
          await noord.list(organisatie),
          await noord.create({ organisatie, omschrijving: 'Niet van ons' }),
        ]) {
          expect(response.statusCode, organisatie).toBe(403);
          expect(response.json().message).toBe(SYSTEM_CLIENT_TEXTS.otherOrganisation);
        }
      }
      expect(await clientRows(t)).toBe(rowsBefore);
    });

    it("answers 404 for another organisation's client as for an unknown one (no probing), and writes nothing", async () => {
      const zuid = demoSystemClientId('Netbeheer_Zuid');
      const [before] = await t.app.db.select().from(systemClients).where(eq(systemClients.clientId, zuid));
      for (const clientId of [zuid, 'onbekend-systeem']) {
        for (const response of [await noord.rotate(clientId), await noord.revoke(clientId)]) {
          expect(response.statusCode, clientId).toBe(404);
          expect(response.json().message).toBe(SYSTEM_CLIENT_TEXTS.notFound);
        }
      }
      const [after] = await t.app.db.select().from(systemClients).where(eq(systemClients.clientId, zuid));
      expect(after).toEqual(before);
      expect((await tokenWithSecret(t, zuid, DEMO_CLIENT_SECRET)).status).toBe(200);
    });

    it('answers 404 to the super role for an organisation or client that does not exist', async () => {
      const unknown = await admin.list('Bestaat_Niet');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(SYSTEM_CLIENT_TEXTS.organisationNotFound('Bestaat_Niet'));
      expect((await admin.create({ organisatie: 'Bestaat_Niet', omschrijving: 'x' })).statusCode).toBe(404);
      expect((await admin.rotate('onbekend-systeem')).statusCode).toBe(404);
      expect((await admin.revoke('onbekend-systeem')).statusCode).toBe(404);
    });
  });

  it('audits every change without any secret or hash', async () => {
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectType, 'systeemclient'));
    const actions = new Set(rows.map((row) => row.action));
    expect(actions).toEqual(new Set(['systemclient.create', 'systemclient.rotate', 'systemclient.revoke']));
    const hashes = (await t.app.db.select({ hash: systemClients.secretHash }).from(systemClients))
      .map((row) => row.hash)
      .filter((hash): hash is string => hash !== null);
    expect(issuedSecrets.length).toBeGreaterThan(5);
    const text = JSON.stringify(rows);
    for (const secret of [...issuedSecrets, ...hashes]) expect(text).not.toContain(secret);
    expect(text).not.toContain('scrypt$');
    const create = rows.find((row) => row.action === 'systemclient.create');
    expect(create).toMatchObject({ actor: expect.any(String), subjectId: expect.stringMatching(/-[0-9a-f]{8}$/) });
  });
});

describe('the grace period after a new secret', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('ends: the previous secret works until vorigGeheimGeldigTot and stops after it', async () => {
    const graceSeconds = 8;
    const t = await createListeningTestApp({ ...NO_THROTTLE, CLIENT_SECRET_GRACE_HOURS: String(graceSeconds / 3600) });
    apps.push(t);
    const noord = api(t, await caller(t, NOORD));
    const issued = (await noord.create({ omschrijving: 'Respijt' })).json<IssuedSystemClient>();
    const { clientId } = issued.client;
    const rotated = (await noord.rotate(clientId)).json<IssuedSystemClient>();
    const until = Date.parse(rotated.client.vorigGeheimGeldigTot!);
    expect(until).toBeGreaterThan(Date.now());
    // Within the grace period (this answer came before its end, or the check proves nothing).
    const inside = await tokenWithSecret(t, clientId, issued.geheim!);
    expect(Date.now()).toBeLessThan(until);
    expect(inside.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, until - Date.now() + 200));
    expect(await tokenWithSecret(t, clientId, issued.geheim!)).toMatchObject({ status: 401, error: 'invalid_client' });
    expect((await tokenWithSecret(t, clientId, rotated.geheim!)).status).toBe(200);
    const listed = (await noord.list()).json<SystemClientList>().items.find((item) => item.clientId === clientId);
    expect(listed?.vorigGeheimGeldigTot).toBeNull();
  });

  it('is none with CLIENT_SECRET_GRACE_HOURS=0: the previous secret stops at once', async () => {
    const t = await createListeningTestApp({ ...NO_THROTTLE, CLIENT_SECRET_GRACE_HOURS: '0' });
    apps.push(t);
    const noord = api(t, await caller(t, NOORD));
    const issued = (await noord.create({ omschrijving: 'Geen respijt' })).json<IssuedSystemClient>();
    expect((await tokenWithSecret(t, issued.client.clientId, issued.geheim!)).status).toBe(200);
    const rotated = (await noord.rotate(issued.client.clientId)).json<IssuedSystemClient>();
    expect(rotated.client.vorigGeheimGeldigTot).toBeNull();
    expect((await tokenWithSecret(t, issued.client.clientId, issued.geheim!)).status).toBe(401);
    expect((await tokenWithSecret(t, issued.client.clientId, rotated.geheim!)).status).toBe(200);
  });
});

describe('with an external identity provider', () => {
  let issuer: ExternalIssuer;
  let t: TestApp;
  const sign = (claims: Record<string, unknown>) => issuer.sign(claims);

  beforeAll(async () => {
    issuer = await startExternalIssuer();
    t = await createTestApp({ OIDC_ISSUER: issuer.origin });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('lists no clients and says they are registered at that provider; creating and renewing answer 409', async () => {
    // The provider says when the user logged in, as creating and renewing need (decision 0055).
    const headers = bearer(await sign({ ...ADMIN, auth_time: Math.floor(Date.now() / 1000) }));
    const clients = api(t, headers);
    const list = await clients.list('Netbeheer_Noord');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<SystemClientList>()).toMatchObject({
      organisatie: 'Netbeheer_Noord',
      items: [],
      verbinding: {
        extern: true,
        issuer: issuer.origin,
        tokenEndpoint: `${issuer.origin}/.well-known/openid-configuration`,
        deelnemerClaim: 'deelnemer',
      },
    });
    const rowsBefore = await clientRows(t);
    for (const response of [
      await clients.create({ organisatie: 'Netbeheer_Noord', omschrijving: 'x' }),
      await clients.rotate(demoSystemClientId('Netbeheer_Noord')),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(SYSTEM_CLIENT_TEXTS.external);
    }
    expect(await clientRows(t)).toBe(rowsBefore);
  });
});
