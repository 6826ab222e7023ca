import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { DEMO_CLIENT_SECRET, demoSystemClientId } from '../src/demo/data';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { eventually } from './support/delivery';

/*
 * Issue 31 item 3, decision 0051: a system client's failures count per client and source address
 * together, so whoever knows a client id cannot lock the client's own system out; and
 * X-Forwarded-For is believed only from TRUST_PROXY.
 */

const PER_ACCOUNT = 4;
const PER_ADDRESS = 30;
const LOCK_SECONDS = 3;
/** Failures answered at once; each one after waits this long before the secret is checked. */
const DELAY_AFTER = 2;
const DELAY_MS = 2000;
const LOCKED = { error: 'temporarily_unavailable', error_description: expect.stringMatching(/^Te veel mislukte/) };

const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

/** A client-credentials request with a Basic header, its TCP peer `from` (no proxy). */
const secretRequest = (authorization: string, from: string, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/oidc/token',
  remoteAddress: from,
  headers: { 'content-type': 'application/x-www-form-urlencoded', authorization, ...headers },
  payload: 'grant_type=client_credentials',
});

/** Documentation addresses (RFC 5737), a new one per call: no test meets another's counters. */
let last = 0;
const newAddress = () => `192.0.2.${++last}`;

function retryAfterOf(response: LightMyRequestResponse): number {
  return Number(response.headers['retry-after']);
}

describe('a system client locked only at the source address that failed', () => {
  let t: TestApp;
  const send = (options: InjectOptions) => t.app.inject(options);

  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_IP: String(PER_ADDRESS),
      LOGIN_LOCK_MINUTES: String(LOCK_SECONDS / 60),
      LOGIN_DELAY_AFTER_FAILURES: String(DELAY_AFTER),
      LOGIN_DELAY_BASE_MS: String(DELAY_MS),
      LOGIN_DELAY_MAX_MS: String(DELAY_MS),
    });
  });
  afterAll(() => t?.close());

  const locksOf = (clientId: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'token.locked'), eq(auditLog.subjectId, clientId)));

  it('12 wrong secrets from one address: that address gets 429 even with the right secret, another address its token', async () => {
    const clientId = demoSystemClientId('Aannemer_Alfa');
    const [attacker, own] = [newAddress(), newAddress()];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await send(secretRequest(basic(clientId, 'fout'), attacker))).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_ACCOUNT).fill(401), ...Array<number>(12 - PER_ACCOUNT).fill(429)]);

    const refused = await send(secretRequest(basic(clientId, DEMO_CLIENT_SECRET), attacker));
    expect(refused.statusCode).toBe(429);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(LOCK_SECONDS);
    expect(refused.json()).toEqual(LOCKED);

    const granted = await send(secretRequest(basic(clientId, DEMO_CLIENT_SECRET), own));
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });

    // The lock is audited against the client, naming the address it holds for.
    await eventually(async () =>
      expect((await locksOf(clientId)).map((row) => row.after)).toEqual([
        { address: attacker, lockSeconds: LOCK_SECONDS },
      ]),
    );

    // Once the lock has run out the attacker's address may try again: the right secret works there too.
    await eventually(
      async () =>
        expect((await send(secretRequest(basic(clientId, DEMO_CLIENT_SECRET), attacker))).statusCode).toBe(200),
      15_000,
    );
  });

  it('wrong secrets from many addresses neither lock the client nor slow its own system', async () => {
    const clientId = demoSystemClientId('Netbeheer_Zuid');
    const attackers = Array.from({ length: 5 }, newAddress);
    await Promise.all(
      attackers.map(async (from) => {
        for (let i = 0; i < PER_ACCOUNT; i++) await send(secretRequest(basic(clientId, `fout-${i}`), from));
      }),
    );
    // Every attacking address has reached the limit: 20 failures for this client in all.
    for (const from of attackers) {
      expect((await send(secretRequest(basic(clientId, DEMO_CLIENT_SECRET), from))).statusCode).toBe(429);
    }

    const started = performance.now();
    const own = await send(secretRequest(basic(clientId, DEMO_CLIENT_SECRET), newAddress()));
    expect(own.statusCode, own.body).toBe(200);
    // Not made to wait for other addresses' failures (their later attempts each waited DELAY_MS).
    expect(performance.now() - started).toBeLessThan(DELAY_MS);
  });

  it('counts a private_key_jwt client per address too: its own key works elsewhere while a stranger is locked out', async () => {
    const own = await generateKeyPair('ES256');
    const created = await send({
      method: 'POST',
      url: '/rest/clients',
      headers: bearer(
        await tokenFor(t, { roles: ['Netbeheerder', 'Beheer connectiviteit'], deelnemer: 'Netbeheer_West' }),
      ),
      payload: {
        omschrijving: 'Sleutel',
        methode: 'private_key_jwt',
        jwks: { keys: [await exportJWK(own.publicKey)] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { clientId } = created.json<{ client: { clientId: string } }>().client;
    const signedBy = async (key: CryptoKey, from: string): Promise<InjectOptions> => ({
      method: 'POST',
      url: '/oidc/token',
      remoteAddress: from,
      // The provider checks the assertion's audience against the URL it was reached at.
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(t.config.publicUrl).host },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await new SignJWT({})
          .setProtectedHeader({ alg: 'ES256' })
          .setIssuer(clientId)
          .setSubject(clientId)
          .setAudience(`${t.config.oidc.issuer}/token`)
          .setJti(randomUUID())
          .setExpirationTime('1m')
          .sign(key),
      }).toString(),
    });

    // The own key works, so the stranger's 401s below are its wrong signatures.
    expect((await send(await signedBy(own.privateKey, newAddress()))).statusCode).toBe(200);
    const stranger = (await generateKeyPair('ES256')).privateKey;
    const attacker = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ACCOUNT; i++) statuses.push((await send(await signedBy(stranger, attacker))).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_ACCOUNT).fill(401), 429]);

    const refused = await send(await signedBy(own.privateKey, attacker));
    expect(refused.statusCode).toBe(429);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(refused.json()).toEqual(LOCKED);
    const granted = await send(await signedBy(own.privateKey, newAddress()));
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ access_token: expect.any(String) });
  });

  it('still locks an address that tries many client ids, for every client', async () => {
    const sprayer = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) {
      statuses.push((await send(secretRequest(basic(`geraden-${i}`, 'fout'), sprayer))).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(401), 429]);
    const clientId = demoSystemClientId('Netbeheer_Noord');
    expect((await send(secretRequest(basic(clientId, DEMO_CLIENT_SECRET), sprayer))).statusCode).toBe(429);
    expect((await send(secretRequest(basic(clientId, DEMO_CLIENT_SECRET), newAddress()))).statusCode).toBe(200);
  }, 120_000);

  it('answers malformed client authentication with a 4xx OAuth error, never a 5xx', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const clientId = demoSystemClientId('Aannemer_Beta');
    const malformed: InjectOptions[] = [
      { method: 'POST', url: '/oidc/token', remoteAddress: newAddress() },
      { method: 'POST', url: '/oidc/token', remoteAddress: newAddress(), payload: '' },
      secretRequest('', newAddress()),
      secretRequest('Basic', newAddress()),
      secretRequest('Basic ', newAddress()),
      secretRequest('Basic !!!***', newAddress()),
      secretRequest('Basic a b', newAddress()),
      secretRequest(`Basic ${b64('zonder-dubbele-punt')}`, newAddress()),
      secretRequest(`Basic ${b64(':alleen-geheim')}`, newAddress()),
      secretRequest(`Basic ${b64('%zz:fout')}`, newAddress()),
      secretRequest(`Basic ${b64('a\u0000b:fout')}`, newAddress()),
      secretRequest(`Basic ${b64(`${clientId}:demo\u0000secret`)}`, newAddress()),
      secretRequest(`Basic ${b64(`${'x'.repeat(100_000)}:fout`)}`, newAddress()),
      secretRequest(`Basic ${b64(`${encodeURIComponent('\u0000'.repeat(300))}:fout`)}`, newAddress()),
      secretRequest(`Bearer ${'x'.repeat(10_000)}`, newAddress()),
      secretRequest(basic(clientId, DEMO_CLIENT_SECRET), newAddress(), { 'content-type': 'application/json' }),
      // A believed proxy (loopback, in demo mode) passing on 5 KB of text as the client's address.
      secretRequest(basic(clientId, 'fout'), '127.0.0.1', { 'x-forwarded-for': randomBytes(4000).toString('base64') }),
      { ...secretRequest(basic(clientId, DEMO_CLIENT_SECRET), newAddress()), payload: 'grant_type=%00' },
      { ...secretRequest(basic(clientId, DEMO_CLIENT_SECRET), newAddress()), payload: 'x'.repeat(60 * 1024) },
      {
        method: 'POST',
        url: '/oidc/token',
        remoteAddress: newAddress(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=${'e30.'.repeat(3)}&client_id=${'y'.repeat(5000)}`,
      },
    ];
    for (const request of malformed) {
      const response = await send(request);
      const what = JSON.stringify(request).slice(0, 200);
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, what).toBeLessThan(500);
      expect(response.json(), what).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe('X-Forwarded-For with DEMO=0', () => {
  const proxy = '10.0.0.7';
  const forwardedFor = '203.0.113.9';
  let defaults: TestApp;
  let trusting: TestApp;
  const limits = {
    DEMO: '0',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_DELAY_BASE_MS: '0',
    LOGIN_DELAY_MAX_MS: '0',
  };

  beforeAll(async () => {
    [defaults, trusting] = await Promise.all([createTestApp(limits), createTestApp({ ...limits, TRUST_PROXY: proxy })]);
  });
  afterAll(() => Promise.all([defaults?.close(), trusting?.close()]));

  /** A wrong secret for `clientId` from the TCP peer `peer`, claiming `claimed` in X-Forwarded-For. */
  const wrong = (t: TestApp, clientId: string, peer: string, claimed: string) =>
    t.app.inject(secretRequest(basic(clientId, 'fout'), peer, { 'x-forwarded-for': claimed }));

  /** The source address the throttle counted a failure of `clientId` against, from the audit log. */
  async function countedAddress(t: TestApp, clientId: string): Promise<unknown> {
    let address: unknown;
    await eventually(async () => {
      const [row] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'token.failed'), eq(auditLog.subjectId, clientId)));
      expect(row).toBeDefined();
      address = (row!.after as { address: unknown }).address;
    });
    return address;
  }

  it('trusts only loopback by default: a private peer is counted as itself, whatever it claims', async () => {
    expect(defaults.config.trustProxy).toBe('loopback');
    expect((await wrong(defaults, 'prive-systeem', proxy, forwardedFor)).statusCode).toBe(401);
    expect(await countedAddress(defaults, 'prive-systeem')).toBe(proxy);
    // A proxy on this machine is believed.
    expect((await wrong(defaults, 'lokaal-systeem', '127.0.0.1', forwardedFor)).statusCode).toBe(401);
    expect(await countedAddress(defaults, 'lokaal-systeem')).toBe(forwardedFor);
  });

  it('by default a new address in X-Forwarded-For does not escape a lock of the private peer', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= PER_ACCOUNT + 1; i++) {
      statuses.push((await wrong(defaults, 'verstopt-systeem', proxy, `198.51.100.${i}`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(PER_ACCOUNT).fill(401), 429]);
  });

  it('believes X-Forwarded-For from the address in TRUST_PROXY, and only from it', async () => {
    expect((await wrong(trusting, 'achter-proxy', proxy, forwardedFor)).statusCode).toBe(401);
    expect(await countedAddress(trusting, 'achter-proxy')).toBe(forwardedFor);
    expect((await wrong(trusting, 'naast-proxy', '10.0.0.8', forwardedFor)).statusCode).toBe(401);
    expect(await countedAddress(trusting, 'naast-proxy')).toBe('10.0.0.8');

    // Behind the trusted proxy each source has a counter of its own: one locked, another not.
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ACCOUNT; i++)
      statuses.push((await wrong(trusting, 'gedeeld', proxy, '198.51.100.1')).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_ACCOUNT).fill(401), 429]);
    expect((await wrong(trusting, 'gedeeld', proxy, '198.51.100.2')).statusCode).toBe(401);
  });
});
