import { createHash, randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { auditLog, loginThrottle } from '../src/db/schema';
import { deleteExpiredThrottles } from '../src/idp/throttle';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';
import { eventually } from './support/delivery';
import { Browser, discoverPortal, discoverSystem, form, startLogin } from './support/oidc-browser';

const LOCK_SECONDS = 3;
const PER_ACCOUNT = 4;
const PER_ADDRESS = 6;
const DELAY_BASE_MS = 150;
const LOCKED = 'Te veel mislukte pogingen. Probeer het over 1 minuut opnieuw.';
const WRONG = 'Onbekend e-mailadres of onjuist wachtwoord.';
const BAD_PASSWORD = 'geraden-wachtwoord-7';

let t: TestApp;
let app: FastifyInstance;
let config: Config;
let portal: oidc.Configuration;
const own = generateKeyPair('ES256');

beforeAll(async () => {
  t = await createListeningTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_MAX_FAILURES_PER_IP: String(PER_ADDRESS),
    LOGIN_LOCK_MINUTES: String(LOCK_SECONDS / 60),
    LOGIN_DELAY_AFTER_FAILURES: '1',
    LOGIN_DELAY_BASE_MS: String(DELAY_BASE_MS),
    LOGIN_DELAY_MAX_MS: '1000',
  });
  ({ app, config } = t);
  portal = await discoverPortal(config);
});

afterAll(() => t?.close());

// Every test speaks from addresses of its own (X-Forwarded-For; the app trusts its proxy), so the
// per-address counters of one test never reach another.
let nextAddress = 0;
const newAddress = () => `198.51.100.${++nextAddress}`;

interface Answer {
  status: number;
  html: string;
  retryAfter: string | null;
  ms: number;
}

/** A login page of its own, and a function posting e-mail and password to it from `address`. */
async function loginForm() {
  const browser = new Browser();
  const { loginUrl } = await startLogin(browser, portal, config);
  return async (email: string, password: string, address: string): Promise<Answer> => {
    const started = performance.now();
    const response = await browser.fetch(loginUrl, form({ email, password }, address));
    const html = await response.text();
    return {
      status: response.status,
      html,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  };
}

/** The message of a login page's alert. */
const alertOf = (html: string) => /<div class="alert" role="alert">([^<]*)<\/div>/.exec(html)?.[1];

/** Polls `attempt` until it answers `status`: the lock's end is awaited, not slept through. */
async function until(status: number, attempt: () => Promise<Answer>, timeoutMs = 15_000): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await attempt();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function tokenRequest(clientId: string, secret: string, address: string, endpoint = 'token') {
  const fields: Record<string, string> =
    endpoint === 'token' ? { grant_type: 'client_credentials' } : { token: 'onbekend' };
  return fetch(`${config.oidc.issuer}/${endpoint}`, {
    ...form(fields, address),
    headers: {
      ...form({}, address).headers,
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
  });
}

async function auditRows(pattern: string) {
  return app.db.select().from(auditLog).where(like(auditLog.action, pattern)).orderBy(auditLog.id);
}

async function metric(name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${config.publicUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('login throttling at the embedded provider', () => {
  it('delays more with each wrong password, then locks in Dutch; the right password waits for the lock to end', async () => {
    const post = await loginForm();
    const email = 'monitor@knooppunt.example';
    const from = newAddress();

    const answers: Answer[] = [];
    for (let i = 0; i < PER_ACCOUNT; i++) answers.push(await post(email, BAD_PASSWORD, from));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    expect(answers.slice(0, 3).map((a) => alertOf(a.html))).toEqual([WRONG, WRONG, WRONG]);
    // No delay for the first failure, then 150, 300, 600 ms before the password is even checked.
    expect(answers[1]!.ms).toBeGreaterThanOrEqual(DELAY_BASE_MS);
    expect(answers[2]!.ms).toBeGreaterThanOrEqual(2 * DELAY_BASE_MS);
    expect(answers[3]!.ms).toBeGreaterThanOrEqual(4 * DELAY_BASE_MS);
    expect(answers[3]!.ms).toBeGreaterThan(answers[0]!.ms);

    const locked = answers[3]!;
    const lockedAt = Date.now();
    expect(alertOf(locked.html)).toBe(LOCKED);
    expect(locked.retryAfter).toBe(String(LOCK_SECONDS));
    // The form keeps what was typed, and says nothing else.
    expect(locked.html).toContain(`value="${email}"`);
    expect(locked.html).not.toContain(WRONG);

    // The right password, even from elsewhere, is refused while the account is locked ...
    const refused = await post(email, 'demo', newAddress());
    expect(refused.status).toBe(429);
    expect(alertOf(refused.html)).toBe(LOCKED);

    // ... and accepted once the lock has run out.
    const accepted = await until(303, () => post(email, 'demo', newAddress()));
    expect(accepted.status).toBe(303);
    expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(LOCK_SECONDS * 1000 - 500);
  });

  it('counts and locks an unknown e-mail address exactly as a known one', async () => {
    const run = async (email: string) => {
      const post = await loginForm();
      const from = newAddress();
      const answers: Answer[] = [];
      for (let i = 0; i <= PER_ACCOUNT; i++) answers.push(await post(email, BAD_PASSWORD, from));
      return answers.map((a) => ({
        status: a.status,
        retryAfter: a.retryAfter,
        // The page repeats the address typed; its own address and the demo's hint aside, the rest must
        // be the same, byte for byte.
        html: a.html
          .replace(/<div class="hint">[\s\S]*?<\/div>/, '')
          .replace(/\/oidc\/interaction\/[^"]+/, 'INTERACTION')
          .replaceAll(email, 'E-MAIL'),
      }));
    };
    const known = await run('netbeheer@noord.example');
    const unknown = await run('bestaat-niet@noord.example');
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 429, 429]);
    expect(unknown).toEqual(known);
  });

  it('forgets the failures of an account when its right password is given', async () => {
    const post = await loginForm();
    const email = 'aannemer@alfa.example';
    const from = newAddress();
    for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await post(email, BAD_PASSWORD, from)).status).toBe(401);
    expect((await post(email, 'demo', from)).status).toBe(303);

    // A new login: as many failures again before the lock as at first.
    const again = await loginForm();
    const statuses = [];
    for (let i = 0; i < PER_ACCOUNT; i++) statuses.push((await again(email, BAD_PASSWORD, newAddress())).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('locks a source address that tries many accounts, whatever account it tries next', async () => {
    const post = await loginForm();
    const from = newAddress();
    const statuses = [];
    for (let i = 0; i < PER_ADDRESS; i++) statuses.push((await post(`poging${i}@knooppunt.example`, 'x', from)).status);
    // Each account failed once; the address reached its limit with the last one.
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS - 1).fill(401), 429]);

    const right = await post('beheer@knooppunt.example', 'demo', from);
    expect(right.status).toBe(429);
    expect(alertOf(right.html)).toBe(LOCKED);
    // Another address is not concerned.
    expect((await post('beheer@knooppunt.example', 'demo', newAddress())).status).toBe(303);
  });

  it('lets no more guesses through in parallel than one after the other', async () => {
    const post = await loginForm();
    const email = 'users@knooppunt.example';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(email, `${BAD_PASSWORD}-${i}`, newAddress())),
    );
    const checked = answers.filter((a) => alertOf(a.html) === WRONG).length;
    expect(checked).toBe(PER_ACCOUNT - 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - checked);
    expect((await auditRows('login.failed')).filter((row) => row.actor === email)).toHaveLength(PER_ACCOUNT);
  });

  it('writes failed logins and locks to the audit log, without the password, and counts them in /metrics', async () => {
    const before = await metric('knooppunt_login_failures_total', 'endpoint="login",reason="invalid_credentials"');
    const locksBefore = await metric('knooppunt_login_locks_total', 'endpoint="login",scope="account"');
    const refusedBefore = await metric('knooppunt_login_failures_total', 'endpoint="login",reason="locked"');
    const post = await loginForm();
    const email = 'kijker@knooppunt.example';
    const from = newAddress();
    for (let i = 0; i <= PER_ACCOUNT; i++) await post(email, BAD_PASSWORD, from);

    const failed = (await auditRows('login.%')).filter((row) => row.actor === email);
    expect(failed.map((row) => row.action)).toEqual([
      ...Array<string>(PER_ACCOUNT).fill('login.failed'),
      'login.locked',
    ]);
    expect(failed[0]).toMatchObject({ subjectType: 'account', subjectId: email, after: { address: from } });
    expect(failed.at(-1)).toMatchObject({ subjectType: 'account', subjectId: email, after: { address: from } });
    expect(JSON.stringify(failed)).not.toContain(BAD_PASSWORD);

    expect(await metric('knooppunt_login_failures_total', 'endpoint="login",reason="invalid_credentials"')).toBe(
      before + PER_ACCOUNT,
    );
    expect(await metric('knooppunt_login_locks_total', 'endpoint="login",scope="account"')).toBe(locksBefore + 1);
    expect(await metric('knooppunt_login_failures_total', 'endpoint="login",reason="locked"')).toBe(refusedBefore + 1);
    const metrics = await (await fetch(`${config.publicUrl}/metrics`)).text();
    expect(metrics).not.toContain(email);
  });
});

describe('the counters in the database', () => {
  it('holds no e-mail address, and the sweep removes a counter once its lock has passed', async () => {
    const email = 'vergeten@knooppunt.example';
    const accountKey = `login:account:${createHash('sha256').update(email).digest('base64url')}`;
    const from = newAddress();
    const post = await loginForm();
    for (let i = 0; i < PER_ACCOUNT; i++) await post(email, BAD_PASSWORD, from);

    const counters = await app.db.select().from(loginThrottle);
    expect(counters.map((row) => row.key)).toEqual(expect.arrayContaining([accountKey, `login:address:${from}`]));
    expect(JSON.stringify(counters)).not.toContain(email);

    const accountRow = () => app.db.select().from(loginThrottle).where(eq(loginThrottle.key, accountKey));
    const deadline = Date.now() + 15_000;
    while ((await accountRow()).length > 0 && Date.now() < deadline) {
      await deleteExpiredThrottles(app.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await accountRow()).toEqual([]);
    // The address's failures are still within their window: kept.
    const addressRows = await app.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `login:address:${from}`));
    expect(addressRows).toHaveLength(1);
  });
});

describe('token endpoint throttling', () => {
  it('answers 429 with Retry-After after wrong client secrets, and refuses the right one from that address until the lock ends', async () => {
    const from = newAddress();
    const statuses = [];
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const response = await tokenRequest('aannemer_alfa-systeem', 'fout', from);
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array<number>(PER_ACCOUNT).fill(401));

    const locked = await tokenRequest('aannemer_alfa-systeem', 'fout', from);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(LOCK_SECONDS);
    expect(locked.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await locked.json()).toEqual({ error: 'temporarily_unavailable', error_description: LOCKED });

    // The client is locked at the address that guessed (decision 0051): there even its right secret
    // waits for the lock to end.
    expect((await tokenRequest('aannemer_alfa-systeem', 'demo-secret', from)).status).toBe(429);
    // The system itself, at its own address, gets its token meanwhile ...
    const system = await discoverSystem(config, 'aannemer_alfa-systeem');
    expect((await oidc.clientCredentialsGrant(system)).access_token).toBeTruthy();
    // ... and the address that guessed once the lock has run out.
    await eventually(
      async () => expect((await tokenRequest('aannemer_alfa-systeem', 'demo-secret', from)).status).toBe(200),
      15_000,
    );

    const audited = (await auditRows('token.%')).filter((row) => row.actor === 'aannemer_alfa-systeem');
    expect(audited.map((row) => row.action)).toEqual([
      ...Array<string>(PER_ACCOUNT).fill('token.failed'),
      'token.locked',
    ]);
    expect(JSON.stringify(audited)).not.toContain('fout');
  });

  it('locks an unknown client id as a known one, and a source address trying many', async () => {
    const from = newAddress();
    const unknown = [];
    for (let i = 0; i <= PER_ACCOUNT; i++) unknown.push((await tokenRequest('niemand-systeem', 'fout', from)).status);
    expect(unknown).toEqual([401, 401, 401, 401, 429]);

    const spraying = newAddress();
    const statuses = [];
    for (let i = 0; i <= PER_ADDRESS; i++) statuses.push((await tokenRequest(`systeem-${i}`, 'fout', spraying)).status);
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(401), 429]);
    expect((await tokenRequest('aannemer_beta-systeem', 'demo-secret', spraying)).status).toBe(429);
    expect((await tokenRequest('aannemer_beta-systeem', 'demo-secret', newAddress())).status).toBe(200);
  });

  it('counts wrong secrets at the revocation endpoint as at the token endpoint', async () => {
    const from = newAddress();
    const revoked = await tokenRequest('netbeheer_noord-systeem', 'demo-secret', from, 'token/revocation');
    expect(revoked.status).toBe(200);
    const statuses = [];
    for (let i = 0; i < PER_ACCOUNT; i++) {
      statuses.push((await tokenRequest('netbeheer_noord-systeem', 'fout', from, 'token/revocation')).status);
    }
    expect(statuses).toEqual(Array<number>(PER_ACCOUNT).fill(401));
    expect((await tokenRequest('netbeheer_noord-systeem', 'demo-secret', from)).status).toBe(429);
  });

  it('counts a private_key_jwt client by its assertion: wrong signatures lock it there, and its right key is refused there while locked', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/rest/clients',
      headers: bearer(
        await tokenFor(t, { roles: ['Netbeheerder', 'Beheer connectiviteit'], deelnemer: 'Netbeheer_West' }),
      ),
      payload: {
        omschrijving: 'Sleutel',
        methode: 'private_key_jwt',
        jwks: { keys: [await exportJWK((await own).publicKey)] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { clientId } = created.json<{ client: { clientId: string } }>().client;
    const assertionBy = (key: CryptoKey) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(`${config.oidc.issuer}/token`)
        .setJti(randomUUID())
        .setExpirationTime('1m')
        .sign(key);
    const withAssertion = async (key: CryptoKey, address: string) =>
      fetch(
        `${config.oidc.issuer}/token`,
        form(
          {
            grant_type: 'client_credentials',
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: await assertionBy(key),
          },
          address,
        ),
      );

    expect((await withAssertion((await own).privateKey, newAddress())).status).toBe(200);
    const stranger = (await generateKeyPair('ES256')).privateKey;
    const from = newAddress();
    const statuses = [];
    for (let i = 0; i < PER_ACCOUNT; i++) statuses.push((await withAssertion(stranger, from)).status);
    expect(statuses).toEqual(Array<number>(PER_ACCOUNT).fill(401));
    expect((await withAssertion(stranger, from)).status).toBe(429);
    // Locked at the address that failed: its own key waits there too.
    expect((await withAssertion((await own).privateKey, from)).status).toBe(429);
    const audited = (await auditRows('token.%')).filter((row) => row.actor === clientId);
    expect(audited.map((row) => row.action)).toEqual([
      ...Array<string>(PER_ACCOUNT).fill('token.failed'),
      'token.locked',
    ]);
  });

  it('takes a client secret only from the Basic header, where it is counted', async () => {
    const response = await fetch(
      `${config.oidc.issuer}/token`,
      form(
        { grant_type: 'client_credentials', client_id: 'netbeheer_zuid-systeem', client_secret: 'demo-secret' },
        newAddress(),
      ),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });
});
