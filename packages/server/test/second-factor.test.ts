import * as oidc from 'openid-client';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SECOND_FACTOR_TEXTS, USER_TEXTS } from '@knooppunt/domain';
import { auditLog, users as usersTable } from '../src/db/schema';
import { totpCode } from '../src/idp/second-factor';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';
import { Browser, discoverPortal, form, startLogin } from './support/oidc-browser';

/*
 * The second factor at the embedded provider's login (issue 31, decision 0054), through the real
 * forms: the policy `beheer` makes users@knooppunt.example (user management) enrol an authenticator
 * app at its first login — the test plays the app, computing its codes from the secret shown —
 * and give a code or a recovery code at every login after; netbeheer@zuid (no administrative
 * role) logs in with its password alone. The API leaves out the rights that require a second
 * factor from a token that shows none.
 */

let t: TestApp;
let portal: oidc.Configuration;

beforeAll(async () => {
  // No growing delay between wrong codes: the lock test below makes ten of them.
  t = await createListeningTestApp({ MFA_REQUIRED: 'beheer', LOGIN_DELAY_BASE_MS: '0' });
  portal = await discoverPortal(t.config);
});
afterAll(() => t?.close());

const secretOf = (html: string) =>
  /<p class="secret" id="secret">([A-Z2-7 ]+)<\/p>/.exec(html)?.[1]?.replaceAll(' ', '');
const ticketOf = (html: string) => /name="ticket" value="([^"]+)"/.exec(html)?.[1];
const actionOf = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

/** The password step of a login: the answer (a redirect to the portal, or the second step's page). */
async function passwordStep(email: string) {
  const browser = new Browser();
  const login = await startLogin(browser, portal, t.config);
  const answer = await browser.fetch(login.loginUrl, form({ email, password: 'demo' }));
  return { browser, login, answer, html: answer.status === 200 ? await answer.text() : '' };
}

/** Follows a finished login to the portal's callback and exchanges its code for the tokens. */
async function tokensAfter(browser: Browser, answer: Response, login: Awaited<ReturnType<typeof startLogin>>) {
  expect(answer.status).toBe(303);
  const callback = await browser.followUntilLeaving(answer.headers.get('location') ?? '', t.config.oidc.issuer);
  expect(callback).toMatch(new RegExp(`^${t.config.publicUrl}/callback\\?code=`));
  return oidc.authorizationCodeGrant(portal, new URL(callback), {
    pkceCodeVerifier: login.verifier,
    expectedState: login.state,
  });
}

/** 'Gebruikers' zoeken: needs a user-management role, which requires a second factor. */
const searchUsers = (token: string) =>
  t.app.inject({ method: 'POST', url: '/rest/users/search', headers: bearer(token), payload: { filters: [] } });

const post = (browser: Browser, html: string, fields: Record<string, string>) =>
  browser.fetch(new URL(actionOf(html)!, t.config.publicUrl), form({ ticket: ticketOf(html)!, ...fields }));

/**
 * A code an app shows within the next 30 seconds: accepted now (a clock off by one step is), and
 * of a later step than any taken so far — a code counts once, so the test need not wait for one.
 */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

describe('the second factor (MFA_REQUIRED=beheer)', () => {
  let secret: string;
  let recoveryCodes: string[];
  let lastCode: string;

  it('lets a user without an administrative role in with the password alone; the token says so', async () => {
    const { browser, login, answer } = await passwordStep('netbeheer@zuid.example');
    const tokens = await tokensAfter(browser, answer, login);
    expect(decodeJwt(tokens.access_token).amr).toEqual(['pwd']);
    expect(decodeJwt(tokens.access_token).acr).toBe('1');
    expect(decodeJwt(tokens.access_token).auth_time).toEqual(expect.any(Number));
  });

  it('makes a user manager enrol an authenticator app before the login ends, with ten recovery codes', async () => {
    const { browser, login, answer, html } = await passwordStep('users@knooppunt.example');
    expect(answer.status).toBe(200);
    expect(html).toContain(`<h1>${SECOND_FACTOR_TEXTS.enrolTitle}</h1>`);
    expect(html).toContain('<svg');
    secret = secretOf(html)!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code: the same page again, with the reason, and the same secret.
    const wrong = await post(browser, html, { code: '000000' === totpCode(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    const again = await wrong.text();
    expect(again).toContain(SECOND_FACTOR_TEXTS.failed);
    expect(secretOf(again)).toBe(secret);

    lastCode = totpCode(secret);
    const enrolled = await post(browser, again, { code: lastCode });
    expect(enrolled.status).toBe(200);
    const codesPage = await enrolled.text();
    expect(codesPage).toContain(`<h1>${SECOND_FACTOR_TEXTS.recoveryTitle}</h1>`);
    recoveryCodes = [...codesPage.matchAll(/<li><code>([A-Z0-9-]+)<\/code><\/li>/g)].map((m) => m[1]!);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const tokens = await tokensAfter(browser, await post(browser, codesPage, {}), login);
    const claims = decodeJwt(tokens.access_token);
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(claims.acr).toBe('2');
    expect((await searchUsers(tokens.access_token)).statusCode).toBe(200);
  });

  it('asks an enrolled user for the app’s code at the next login; a code counts once', async () => {
    const first = await passwordStep('users@knooppunt.example');
    expect(first.html).toContain(`<h1>${SECOND_FACTOR_TEXTS.title}</h1>`);
    // The code the enrolment took is spent, even within its 30 seconds.
    const replay = await post(first.browser, first.html, { code: lastCode });
    if (totpCode(secret) === lastCode) {
      expect(replay.status).toBe(401);
      expect(await replay.text()).toContain(SECOND_FACTOR_TEXTS.failed);
    }
    lastCode = nextCode(secret);
    const tokens = await tokensAfter(
      first.browser,
      await post(first.browser, first.html, { code: lastCode }),
      first.login,
    );
    expect(decodeJwt(tokens.access_token).amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('takes a recovery code once, in place of the app’s code', async () => {
    const first = await passwordStep('users@knooppunt.example');
    const used = recoveryCodes[0]!.toLowerCase().replaceAll('-', ' ');
    const tokens = await tokensAfter(first.browser, await post(first.browser, first.html, { code: used }), first.login);
    expect(decodeJwt(tokens.access_token).amr).toEqual(['pwd', 'mfa']);

    const second = await passwordStep('users@knooppunt.example');
    const refused = await post(second.browser, second.html, { code: recoveryCodes[0]! });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(SECOND_FACTOR_TEXTS.failed);
  });

  it('lets a platform administrator reset a user’s second factor: audited, sessions ended, enrolment again', async () => {
    const [target] = await t.app.db.select().from(usersTable).where(eq(usersTable.email, 'users@knooppunt.example'));
    const reset = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/users/reset-second-factor',
        headers: bearer(token),
        payload: { user: target!.id },
      });
    const admin = await tokenFor(t, {
      roles: ['Beheer ziet alles', 'Gebruikers Beheren'],
      deelnemer: 'Knooppunt_Beheer',
      email: 'beheer@knooppunt.example',
      amr: ['pwd', 'otp', 'mfa'],
    });
    const listed = await t.app.inject({
      method: 'POST',
      url: '/rest/users/search',
      headers: bearer(admin),
      payload: { filters: [{ name: 'search', value: 'users@knooppunt.example' }] },
    });
    expect(listed.json().items[0]).toMatchObject({ email: 'users@knooppunt.example', tweedeStap: true });
    // Without a second factor of its own the administrator has no user management at all.
    expect(
      (await reset(await tokenFor(t, { roles: ['Beheer ziet alles', 'Gebruikers Beheren'], amr: ['pwd'] }))).statusCode,
    ).toBe(403);
    // A participant's user manager does not see the operator's user.
    const noord = await tokenFor(t, {
      roles: ['Netbeheerder', 'Beheer User Beheer'],
      deelnemer: 'Netbeheer_Noord',
      amr: ['otp'],
    });
    expect([403, 404]).toContain((await reset(noord)).statusCode);

    const done = await reset(admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().tweedeStap).toBe(false);
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.second-factor.reset'), eq(auditLog.subjectId, 'users@knooppunt.example')));
    expect(audited).toHaveLength(1);
    const again = await reset(admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(USER_TEXTS.geenTweedeStap);

    // Its next login enrols a new app; the old one's codes and the recovery codes are gone.
    const next = await passwordStep('users@knooppunt.example');
    expect(next.html).toContain(`<h1>${SECOND_FACTOR_TEXTS.enrolTitle}</h1>`);
    expect(secretOf(next.html)).not.toBe(secret);
  });

  it('refuses a ticket of another login, a tampered one, and anything malformed, without a 5xx', async () => {
    const mine = await passwordStep('users@knooppunt.example');
    const other = await passwordStep('users@knooppunt.example');
    // Another interaction's ticket in this browser's form: the ticket is bound to its interaction.
    const crossed = await mine.browser.fetch(
      new URL(actionOf(mine.html)!, t.config.publicUrl),
      form({ ticket: ticketOf(other.html)!, code: totpCode(secret) }),
    );
    expect(crossed.status).toBe(400);
    const tampered = await mine.browser.fetch(
      new URL(actionOf(mine.html)!, t.config.publicUrl),
      form({ ticket: `${ticketOf(mine.html)!.slice(0, -4)}AAAA`, code: totpCode(secret) }),
    );
    expect(tampered.status).toBe(400);
    const malformed: Record<string, string>[] = [
      { ticket: 'x'.repeat(10_000) },
      { ticket: ticketOf(mine.html)!, code: 'a\u0000b' },
      { ticket: ticketOf(mine.html)!, code: '9'.repeat(100_000) },
      {},
    ];
    for (const fields of malformed) {
      const answer = await mine.browser.fetch(new URL(actionOf(mine.html)!, t.config.publicUrl), form(fields));
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeLessThan(500);
    }
    // The password form too: a body over the limit is the client's fault (413), not a 500.
    const fresh = new Browser();
    const { loginUrl } = await startLogin(fresh, portal, t.config);
    const huge = await fresh.fetch(loginUrl, form({ email: 'users@knooppunt.example', password: 'x'.repeat(100_000) }));
    expect(huge.status).toBe(413);
    // Made-up interactions, no body, no content type: the client's fault, never a 500.
    for (const url of ['/oidc/interaction/x', '/oidc/interaction/x/tweede-stap', '/oidc/interaction/x/instellen']) {
      for (const headers of [
        {},
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/x-www-form-urlencoded' },
      ]) {
        const answer = await t.app.inject({ method: 'POST', url, headers, payload: 'code=1' });
        expect(answer.statusCode, `${url} ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, `${url} ${JSON.stringify(headers)}`).toBeLessThan(500);
      }
    }
    // Without the interaction's cookie (another browser) the ticket alone opens nothing.
    const stranger = await new Browser().fetch(
      new URL(actionOf(mine.html)!, t.config.publicUrl),
      form({ ticket: ticketOf(mine.html)!, code: totpCode(secret) }),
    );
    expect(stranger.status).toBe(400);
  });

  it('locks a user’s codes after ten wrong ones, as passwords are: then even the right code waits', async () => {
    const { browser, html } = await passwordStep('netbeheer@noord.example');
    const ownSecret = secretOf(html)!;
    const wrong = totpCode(ownSecret) === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 10; i++) {
      last = await post(browser, html, { code: wrong });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.text()).toContain('Te veel mislukte pogingen');
    const right = await post(browser, html, { code: totpCode(ownSecret) });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
  });

  it('leaves the rights that require a second factor out of a token that shows none', async () => {
    const roles = ['Beheer User Viewers', 'Beheer User Beheer'];
    const withoutFactor = await tokenFor(t, { roles, amr: ['pwd'] });
    expect((await searchUsers(withoutFactor)).statusCode).toBe(403);
    const withFactor = await tokenFor(t, { roles, amr: ['pwd', 'otp'] });
    const allowed = await searchUsers(withFactor);
    expect(allowed.statusCode, allowed.body).toBe(200);
    // An external provider's 'hwk' (a security key) counts as well.
    expect((await searchUsers(await tokenFor(t, { roles, amr: ['hwk'] }))).statusCode).toBe(200);
    // Only those rights go: a netbeheerder with 'Beheer connectiviteit' keeps its configuration
    // rights but reaches its system clients only with a second factor.
    const netbeheerder = (amr: string[]) =>
      tokenFor(t, {
        roles: ['Netbeheerder', 'Beheer connectiviteit', 'Configuraties Beheren'],
        deelnemer: 'Netbeheer_Noord',
        amr,
      });
    const get = async (url: string, amr: string[]) =>
      (await t.app.inject({ method: 'GET', url, headers: bearer(await netbeheerder(amr)) })).statusCode;
    expect(await get('/rest/valuelist', ['pwd'])).toBe(200);
    expect(await get('/rest/clients', ['pwd'])).toBe(403);
    expect(await get('/rest/clients', ['pwd', 'otp'])).toBe(200);
  });
});
