import * as oidc from 'openid-client';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { PASSKEY_TEXTS, SECOND_FACTOR_TEXTS } from '@knooppunt/domain';
import { auditLog, userPasskeys, userRecoveryCodes, users as usersTable } from '../src/db/schema';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';
import { Browser, discoverPortal, form, startLogin } from './support/oidc-browser';
import { SoftwareAuthenticator } from './support/software-authenticator';

/*
 * Passkeys and security keys as the second factor (issue 31, decision 0054 'Passkeys'), through
 * the provider's real forms and the account menu's calls, with an authenticator in software (the
 * test plays the browser and the key). Policy `beheer`: users@knooppunt.example (user management)
 * must have a second factor, netbeheer@zuid.example need not. Four wrong answers lock an account's
 * second step, so the throttle's count shows in a few tries.
 */

let t: TestApp;
let portal: oidc.Configuration;
let rp: { origin: string; rpId: string };

beforeAll(async () => {
  t = await createListeningTestApp({
    MFA_REQUIRED: 'beheer',
    LOGIN_DELAY_BASE_MS: '0',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '4',
  });
  portal = await discoverPortal(t.config);
  rp = { origin: t.config.publicUrl, rpId: new URL(t.config.publicUrl).hostname };
});
afterAll(() => t?.close());

const ticketOf = (html: string) => /name="ticket" value="([^"]+)"/.exec(html)?.[1] ?? '';
const unescape = (value: string) => value.replaceAll('&amp;', '&');
const formAction = (html: string, ending: string) =>
  unescape(new RegExp(`<form method="post" action="([^"]+/${ending})"`).exec(html)?.[1] ?? '');
/** The options the page hands to the browser's WebAuthn call. */
const optionsOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="passkey-options">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
    challenge: string;
    rp?: { id: string };
    rpId?: string;
    allowCredentials?: { id: string }[];
  } | null;

async function passwordStep(email: string) {
  const browser = new Browser();
  const login = await startLogin(browser, portal, t.config);
  const answer = await browser.fetch(login.loginUrl, form({ email, password: 'demo' }));
  return { browser, login, answer, html: answer.status === 200 ? await answer.text() : '' };
}
type Step = Awaited<ReturnType<typeof passwordStep>>;

async function tokensAfter({ browser, login }: Step, answer: Response) {
  expect(answer.status).toBe(303);
  const callback = await browser.followUntilLeaving(answer.headers.get('location') ?? '', t.config.oidc.issuer);
  return oidc.authorizationCodeGrant(portal, new URL(callback), {
    pkceCodeVerifier: login.verifier,
    expectedState: login.state,
  });
}

const post = (step: Step, action: string, fields: Record<string, string>) =>
  step.browser.fetch(new URL(action, t.config.publicUrl), form({ ticket: ticketOf(step.html), ...fields }));

/** The passkey's answer posted as the page's script posts it. */
const postPasskey = (step: Step, html: string, response: object) =>
  step.browser.fetch(
    new URL(formAction(html, '(?:passkey|passkey-instellen)'), t.config.publicUrl),
    form({ ticket: ticketOf(html), response: JSON.stringify(response) }),
  );

/** The password step, then a passkey registered on the enrolment page and the recovery codes passed. */
async function enrolAtLogin(email: string, authenticator: SoftwareAuthenticator) {
  const step = await passwordStep(email);
  expect(step.html).toContain(`<h1>${SECOND_FACTOR_TEXTS.enrolTitle}</h1>`);
  const options = optionsOf(step.html)!;
  const registered = await postPasskey(
    step,
    step.html,
    authenticator.register({ ...rp, challenge: options.challenge }),
  );
  expect(registered.status).toBe(200);
  const codesPage = await registered.text();
  const codes = [...codesPage.matchAll(/<li><code>([A-Z0-9-]+)<\/code><\/li>/g)].map((m) => m[1]!);
  const tokens = await tokensAfter(
    step,
    await post({ ...step, html: codesPage }, formAction(codesPage, 'herstelcodes'), {}),
  );
  return { codesPage, codes, tokens };
}

const userIdOf = async (email: string) =>
  (await t.app.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.email, email)))[0]!.id;
const passkeysInDb = async (email: string) =>
  t.app.db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, await userIdOf(email)));
const audited = (action: string, email: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, email)));

/** Each user's authenticator, across the tests of this file. */
const keys = new Map<string, SoftwareAuthenticator>();
const keyOf = (email: string) => keys.get(email) ?? keys.set(email, new SoftwareAuthenticator()).get(email)!;

describe('a passkey at the login (MFA_REQUIRED=beheer)', () => {
  const key = keyOf('users@knooppunt.example');
  let recoveryCodes: string[] = [];

  it('is offered at enrolment beside the app, with its script allowed by name and served from our origin', async () => {
    const { answer, html } = await passwordStep('users@knooppunt.example');
    expect(html).toContain(`<h1>${SECOND_FACTOR_TEXTS.enrolTitle}</h1>`);
    expect(html).toContain(PASSKEY_TEXTS.enrol);
    // The app as before: its form comes first and needs no script.
    expect(html).toMatch(/<form method="post" action="[^"]+\/instellen">/);
    const options = optionsOf(html)!;
    expect(options.rp).toEqual({ id: rp.rpId, name: 'Knooppunt' });
    const csp = answer.headers.get('content-security-policy') ?? '';
    const library = /<script src="([^"]+)"><\/script>/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(new RegExp(`script-src 'sha256-[A-Za-z0-9+/=]+' ${t.config.publicUrl}${library}$`));
    // Exactly one inline script, and no inline event handler.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toMatch(/\son[a-z]+=/);
    const served = await fetch(new URL(library, t.config.publicUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('javascript');
    expect(await served.text()).toContain('SimpleWebAuthnBrowser');
  });

  it('enrols a passkey instead of the app, with ten recovery codes; the token says hwk and mfa', async () => {
    const { codes, codesPage, tokens } = await enrolAtLogin('users@knooppunt.example', key);
    expect(codesPage).toContain(PASSKEY_TEXTS.recoveryCodes);
    expect(codes).toHaveLength(10);
    recoveryCodes = codes;
    expect(decodeJwt(tokens.access_token).amr).toEqual(['pwd', 'hwk', 'mfa']);
    expect(decodeJwt(tokens.access_token).acr).toBe('2');
    // The user-management right that requires a second factor is in the token.
    const search = await t.app.inject({
      method: 'POST',
      url: '/rest/users/search',
      headers: bearer(tokens.access_token),
      payload: { filters: [{ name: 'search', value: 'users@knooppunt.example' }] },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().items[0]).toMatchObject({ tweedeStap: true });
    const [stored] = await passkeysInDb('users@knooppunt.example');
    expect(stored).toMatchObject({ name: PASSKEY_TEXTS.defaultName(1), counter: 0, transports: ['internal'] });
  });

  it('asks for the passkey at the next login, a recovery code beside it (no app); the counter must grow', async () => {
    const step = await passwordStep('users@knooppunt.example');
    expect(step.html).toContain(`<h1>${SECOND_FACTOR_TEXTS.title}</h1>`);
    expect(step.html).toContain(PASSKEY_TEXTS.use);
    expect(step.html).toContain(`<label for="code">${PASSKEY_TEXTS.recoveryLabel}</label>`);
    expect(step.html).not.toContain(SECOND_FACTOR_TEXTS.codeLabel);
    const options = optionsOf(step.html)!;
    const [stored] = await passkeysInDb('users@knooppunt.example');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([stored!.id]);
    expect(options.rpId).toBe(rp.rpId);

    // A cloned key: a counter no higher than the one stored is refused.
    const first = key.authenticate({ ...rp, challenge: options.challenge });
    const tokens = await tokensAfter(step, await postPasskey(step, step.html, first));
    expect(decodeJwt(tokens.access_token).amr).toEqual(['pwd', 'hwk', 'mfa']);
    const [used] = await passkeysInDb('users@knooppunt.example');
    expect(used!.counter).toBe(1);
    expect(used!.lastUsed).toBeInstanceOf(Date);

    const next = await passwordStep('users@knooppunt.example');
    const cloned = key.authenticate({ ...rp, challenge: optionsOf(next.html)!.challenge }, { counter: 1 });
    const refused = await postPasskey(next, next.html, cloned);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(PASSKEY_TEXTS.failed);
    // Without the key at hand: a recovery code, in the same field as an app's code.
    const recovered = await post(next, formAction(next.html, 'tweede-stap'), { code: recoveryCodes[0]! });
    expect(decodeJwt((await tokensAfter(next, recovered)).access_token).amr).toEqual(['pwd', 'mfa']);
  });

  it('refuses a forged signature, another login’s challenge and another origin, each counted: the fourth locks', async () => {
    const email = 'beheer@knooppunt.example';
    const own = keyOf(email);
    await enrolAtLogin(email, own);
    const step = await passwordStep(email);
    const { challenge } = optionsOf(step.html)!;
    const other = await passwordStep(email);
    const wrong = [
      own.authenticate({ ...rp, challenge }, { forge: true }),
      own.authenticate({ ...rp, challenge: optionsOf(other.html)!.challenge }),
      own.authenticate({ ...rp, challenge, origin: 'https://knooppunt.example.net' }),
      own.authenticate({ ...rp, challenge, rpId: 'example.net' }),
    ];
    const statuses: number[] = [];
    for (const answer of wrong) {
      const refused = await postPasskey(step, step.html, answer);
      statuses.push(refused.status);
      const page = await refused.text();
      expect(page).toContain(refused.status === 429 ? 'Te veel mislukte pogingen' : PASSKEY_TEXTS.failed);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await audited('login.failed', email)).toHaveLength(4);
    // Locked: even the right answer waits.
    const right = await postPasskey(step, step.html, own.authenticate({ ...rp, challenge }));
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
  });

  it('answers malformed passkey posts and tickets as the client’s fault, never a 5xx', async () => {
    // An enrolment's page (a user of its own: the wrong answers count towards its lock).
    const step = await passwordStep('netbeheer@noord.example');
    const action = new URL(formAction(step.html, 'passkey-instellen'), t.config.publicUrl);
    const bodies: Record<string, string>[] = [
      { ticket: ticketOf(step.html), response: 'geen json' },
      { ticket: ticketOf(step.html), response: '{"id":"a\u0000b"}' },
      { ticket: ticketOf(step.html), response: JSON.stringify({ id: 'x'.repeat(13_000) }) },
      { ticket: ticketOf(step.html), response: '[]' },
      { ticket: 'x'.repeat(5000), response: '{}' },
      {},
    ];
    for (const fields of bodies) {
      const answer = await step.browser.fetch(action, form(fields));
      expect(answer.status, JSON.stringify(fields).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(fields).slice(0, 60)).toBeLessThan(500);
    }
    // Another interaction's posts: no interaction cookie, nothing opens.
    const stranger = await new Browser().fetch(action, form({ ticket: ticketOf(step.html), response: '{}' }));
    expect(stranger.status).toBe(400);
  });
});

describe('own passkeys in the account menu', () => {
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  /** 'Passkey toevoegen': options, the key's answer, the registration. */
  async function add(token: string, key: SoftwareAuthenticator, naam?: string, tamper: Partial<typeof rp> = {}) {
    const started = await call(token, 'POST', '/rest/account/passkeys/options');
    expect(started.statusCode, started.body).toBe(200);
    const { ticket, options } = started.json() as { ticket: string; options: { challenge: string } };
    const response = key.register({ ...rp, ...tamper, challenge: options.challenge });
    return call(token, 'POST', '/rest/account/passkeys', { ticket, response, ...(naam && { naam }) });
  }

  const loggedIn = async (email: string) => {
    const step = await passwordStep(email);
    return (await tokensAfter(step, step.answer)).access_token;
  };

  it('lists, adds (recovery codes once, when none were left) and removes, audited', async () => {
    const email = 'netbeheer@zuid.example';
    const token = await loggedIn(email);
    expect((await call(token, 'GET', '/rest/account/passkeys')).json()).toEqual({ items: [] });
    const key = new SoftwareAuthenticator(false);

    const first = await add(token, key, 'Laptop');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ naam: 'Laptop', laatstGebruikt: null, herstelcodes: expect.any(Array) });
    expect(first.json().herstelcodes).toHaveLength(10);
    const second = await add(token, new SoftwareAuthenticator());
    expect(second.statusCode).toBe(201);
    expect(second.json().naam).toBe(PASSKEY_TEXTS.defaultName(2));
    expect(second.json().herstelcodes).toBeUndefined();
    const listed = (await call(token, 'GET', '/rest/account/passkeys')).json().items as { id: string; naam: string }[];
    expect(listed.map((p) => p.naam)).toEqual(['Laptop', PASSKEY_TEXTS.defaultName(2)]);
    expect(await audited('user.passkey.added', email)).toHaveLength(2);

    // Its login now asks for a passkey; one that keeps no counter (always 0) is taken.
    const step = await passwordStep(email);
    const { challenge } = optionsOf(step.html)!;
    const tokens = await tokensAfter(step, await postPasskey(step, step.html, key.authenticate({ ...rp, challenge })));
    expect(decodeJwt(tokens.access_token).amr).toEqual(['pwd', 'hwk', 'mfa']);
    expect((await call(token, 'GET', '/rest/account/passkeys')).json().items[0].laatstGebruikt).toEqual(
      expect.any(String),
    );

    for (const passkey of listed) {
      expect((await call(token, 'DELETE', `/rest/account/passkeys/${passkey.id}`)).statusCode).toBe(204);
    }
    expect(await audited('user.passkey.removed', email)).toHaveLength(2);
    // No second factor left where none is required: the recovery codes went with the last one.
    const codes = await t.app.db
      .select()
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, await userIdOf(email)), isNull(userRecoveryCodes.used)));
    expect(codes).toEqual([]);
    expect((await passwordStep(email)).answer.status).toBe(303);
  });

  it('refuses a ticket of another user, an answer for another origin or RP ID, and the same key twice', async () => {
    const token = await loggedIn('netbeheer@zuid.example');
    const key = new SoftwareAuthenticator();
    const otherOrigin = await add(token, key, undefined, { origin: 'https://elders.example' });
    expect(otherOrigin.statusCode).toBe(400);
    expect(otherOrigin.json().details).toEqual([{ field: 'response', message: PASSKEY_TEXTS.response }]);
    expect((await add(token, key, undefined, { rpId: 'elders.example' })).statusCode).toBe(400);

    const stranger = await loggedIn('monitor@knooppunt.example');
    const { ticket } = (await call(stranger, 'POST', '/rest/account/passkeys/options')).json() as { ticket: string };
    const { options } = (await call(token, 'POST', '/rest/account/passkeys/options')).json() as {
      options: { challenge: string };
    };
    const crossed = await call(token, 'POST', '/rest/account/passkeys', {
      ticket,
      response: key.register({ ...rp, challenge: options.challenge }),
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().details).toEqual([{ field: 'ticket', message: PASSKEY_TEXTS.ticket }]);

    // The same credential again, as a replayed registration: 409.
    const started = (await call(token, 'POST', '/rest/account/passkeys/options')).json() as {
      ticket: string;
      options: { challenge: string };
    };
    const response = key.register({ ...rp, challenge: started.options.challenge });
    expect((await call(token, 'POST', '/rest/account/passkeys', { ticket: started.ticket, response })).statusCode).toBe(
      201,
    );
    const again = await call(token, 'POST', '/rest/account/passkeys', { ticket: started.ticket, response });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PASSKEY_TEXTS.exists);
    // Another user's passkey is not found, whoever asks.
    const [mine] = (await call(token, 'GET', '/rest/account/passkeys')).json().items as { id: string }[];
    const foreign = await call(stranger, 'DELETE', `/rest/account/passkeys/${mine!.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PASSKEY_TEXTS.notFound);
  });

  it('keeps the last second factor of a user who must have one', async () => {
    const email = 'users@knooppunt.example';
    const { tokens } = await loginWithPasskey(email);
    const token = tokens.access_token;
    const [only] = (await call(token, 'GET', '/rest/account/passkeys')).json().items as { id: string }[];
    const refused = await call(token, 'DELETE', `/rest/account/passkeys/${only!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PASSKEY_TEXTS.lastFactor);
    expect(await passkeysInDb(email)).toHaveLength(1);
    // With a second one, the first may go.
    expect((await add(token, new SoftwareAuthenticator())).statusCode).toBe(201);
    expect((await call(token, 'DELETE', `/rest/account/passkeys/${only!.id}`)).statusCode).toBe(204);
    expect(await passkeysInDb(email)).toHaveLength(1);
  });

  it('answers malformed bodies 400 naming the field, no token 401 and a system’s token 403', async () => {
    const token = await loggedIn('werkvoorbereider@combi-oost.example');
    const { ticket, options } = (await call(token, 'POST', '/rest/account/passkeys/options')).json() as {
      ticket: string;
      options: { challenge: string };
    };
    const response = new SoftwareAuthenticator().register({ ...rp, challenge: options.challenge });
    const bodies: [object, string][] = [
      [{ ticket, response, naam: 'a\u0000b' }, 'naam'],
      [{ ticket, response, naam: 'x'.repeat(65) }, 'naam'],
      [{ ticket, response, naam: 5 }, 'naam'],
      [{ ticket, response: 'x' }, 'response'],
      [{ ticket, response: { ...response, id: 'x'.repeat(100_000) } }, 'response.id'],
      [
        { ticket, response: { ...response, response: { ...response.response, clientDataJSON: 'niet/base64' } } },
        'response.response.clientDataJSON',
      ],
      [{ ticket: 'x'.repeat(100_000), response }, 'ticket'],
      [{ ticket: ['x'], response }, 'ticket'],
      [{ response }, 'ticket'],
    ];
    for (const [body, field] of bodies) {
      const answer = await call(token, 'POST', '/rest/account/passkeys', body);
      expect(answer.statusCode, field).toBe(400);
      expect(
        answer.json().details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
    }
    expect((await call(token, 'DELETE', '/rest/account/passkeys/niet%00goed')).statusCode).toBe(400);
    // Longer than any credential id: refused before any handler (414: Fastify's limit on a path parameter).
    expect((await call(token, 'DELETE', `/rest/account/passkeys/${'a'.repeat(3000)}`)).statusCode).toBe(414);

    const system = await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem' });
    const nobody = await tokenFor(t, { roles: ['Beheer ziet alles'] });
    for (const [method, url] of [
      ['GET', '/rest/account/passkeys'],
      ['POST', '/rest/account/passkeys/options'],
      ['POST', '/rest/account/passkeys'],
      ['DELETE', '/rest/account/passkeys/abc'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(system, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
      if (method !== 'POST' || url.endsWith('options')) {
        expect((await call(nobody, method, url)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

/** A login with the user's passkey of this file (enrolled first when the user has none). */
async function loginWithPasskey(email: string) {
  const key = keyOf(email);
  const step = await passwordStep(email);
  if (step.html.includes(`<h1>${SECOND_FACTOR_TEXTS.enrolTitle}</h1>`)) return enrolAtLogin(email, key);
  const { challenge } = optionsOf(step.html)!;
  return {
    tokens: await tokensAfter(step, await postPasskey(step, step.html, key.authenticate({ ...rp, challenge }))),
  };
}

describe('a user manager’s reset', () => {
  it('removes the passkeys too: the next login enrols again', async () => {
    const email = 'users@knooppunt.example';
    expect((await passkeysInDb(email)).length).toBeGreaterThan(0);
    const admin = await tokenFor(t, {
      roles: ['Beheer ziet alles', 'Gebruikers Beheren'],
      deelnemer: 'Knooppunt_Beheer',
      email: 'beheer@knooppunt.example',
      amr: ['pwd', 'hwk', 'mfa'],
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/rest/users/reset-second-factor',
      headers: bearer(admin),
      payload: { user: await userIdOf(email) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().tweedeStap).toBe(false);
    expect(await passkeysInDb(email)).toEqual([]);
    expect((await passwordStep(email)).html).toContain(`<h1>${SECOND_FACTOR_TEXTS.enrolTitle}</h1>`);
  });
});
