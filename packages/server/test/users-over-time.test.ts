import { eq } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { auditLog, passwordLinks, users } from '../src/db/schema';
import { createPasswordLink } from '../src/idp/password-links';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';
import { Browser, discoverPortal, discoverSystem, form, startLogin } from './support/oidc-browser';

// Users over time (issue 29 items 4 and 5): blocking, deleting, a fresh invitation, unlocking, and
// every change that must end a user's sessions — through the real login form and token endpoint.
let t: TestApp;
let config: Config;
let portal: oidc.Configuration;
let admin: Record<string, string>;

beforeAll(async () => {
  // Locks come quickly and without the growing delay: what matters here is what lifts them.
  t = await createListeningTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_DELAY_BASE_MS: '0',
    LOGIN_DELAY_MAX_MS: '0',
  });
  ({ config } = t);
  portal = await discoverPortal(config);
  admin = bearer(
    await tokenFor(t, {
      roles: ['Beheer ziet alles', 'Gebruikers Beheren'],
      email: 'platformbeheer@knooppunt.example',
    }),
  );
});
afterAll(() => t?.close());

/** The whole login through the real form; answers the portal's tokens, or the refused page. */
async function logIn(email: string, password = 'demo') {
  const browser = new Browser();
  const { loginUrl, verifier, state } = await startLogin(browser, portal, config);
  const submitted = await browser.fetch(loginUrl, form({ email, password }));
  if (submitted.status !== 303) return { refused: { status: submitted.status, html: await submitted.text() } };
  const callback = await browser.followUntilLeaving(submitted.headers.get('location') ?? '', config.oidc.issuer);
  const tokens = await oidc.authorizationCodeGrant(portal, new URL(callback), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { tokens };
}

const loggedIn = async (email: string, password = 'demo') => {
  const { tokens, refused } = await logIn(email, password);
  expect(refused).toBeUndefined();
  return tokens!;
};

const userId = async (email: string) =>
  (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const act = (action: string, user: string, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/rest/users/${action}`, headers, payload: { user } });

/** A call any signed-in user may make: whether the access token still opens the API. */
const lookup = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/rest/lookup', headers: bearer(accessToken) });

const refreshRefused = (refreshToken: string) =>
  expect(oidc.refreshTokenGrant(portal, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });

const audited = async (action: string, subject: string) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.action, action))).filter(
    (entry) => entry.subjectId === subject,
  );

describe("'Blokkeren' and 'Deblokkeren'", () => {
  it('ends the sessions, refresh and access tokens at once, refuses the login, and lets in again when unblocked', async () => {
    const email = 'netbeheer@zuid.example';
    const tokens = await loggedIn(email);
    expect((await lookup(tokens.access_token)).statusCode).toBe(200);

    const blocked = await act('block', await userId(email));
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ email, geblokkeerd: true, wachtwoordIngesteld: true });

    const refused = await lookup(tokens.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toContain('Uw sessie is beëindigd');
    await refreshRefused(tokens.refresh_token!);
    const login = await logIn(email);
    expect(login.refused?.status).toBe(403);
    expect(login.refused?.html).toContain('Uw account is geblokkeerd.');
    // A wrong password is answered as for anyone: the block is said only to who knows the password.
    expect((await logIn(email, 'fout')).refused?.html).toContain('Onbekend e-mailadres of onjuist wachtwoord.');
    expect((await act('block', await userId(email))).statusCode).toBe(409);

    const unblocked = await act('unblock', await userId(email));
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toMatchObject({ geblokkeerd: false });
    const again = await loggedIn(email);
    expect((await lookup(again.access_token)).statusCode).toBe(200);
    expect(await audited('user.block', email)).toHaveLength(1);
    expect(await audited('user.unblock', email)).toHaveLength(1);
    expect(await audited('login.refused', email)).toHaveLength(1);
  });

  it('is refused for oneself, for a user outside the view and for what the actor may not manage', async () => {
    const self = bearer(
      await tokenFor(t, {
        sub: await userId('users@knooppunt.example'),
        roles: ['Beheer User Viewers', 'Beheer User Beheer'],
        email: 'users@knooppunt.example',
      }),
    );
    expect((await act('block', await userId('users@knooppunt.example'), self)).statusCode).toBe(403);
    // A participant's user manager sees only its own organisation's users.
    const participant = bearer(
      await tokenFor(t, { roles: ['Beheer User Viewers', 'Beheer User Beheer'], deelnemer: 'Aannemer_Alfa' }),
    );
    const other = await act('block', await userId('netbeheer@noord.example'), participant);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Gebruiker niet gevonden');
    // The operator's staff user manager without the super role may not block a platform administrator.
    const staff = bearer(await tokenFor(t, { roles: ['Beheer User Viewers', 'Beheer User Beheer'] }));
    expect((await act('block', await userId('beheer@knooppunt.example'), staff)).statusCode).toBe(403);
    const viewer = bearer(await tokenFor(t, { roles: ['Beheer User Viewers'] }));
    expect((await act('block', await userId('netbeheer@noord.example'), viewer)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/rest/users/block', payload: { user: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    for (const user of ['geen-uuid', 'a\u0000b', 'x'.repeat(101)]) {
      const answer = await act('block', user);
      expect(answer.statusCode, user.slice(0, 10)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, user.slice(0, 10)).toBeLessThan(500);
    }
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/rest/users/block',
      headers: admin,
      payload: { user: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('user');
  });
});

describe('a password set ends every session', () => {
  it('through a set-password link: an older refresh token and access token are refused, the lock is lifted', async () => {
    const email = 'werkvoorbereider@combi-oost.example';
    const tokens = await loggedIn(email);
    // Lock the account by failed logins first.
    for (let i = 0; i < config.login.maxFailuresPerAccount; i++) await logIn(email, `fout-${i}`);
    expect((await logIn(email)).refused?.status).toBe(429);
    const search = await t.app.inject({
      method: 'POST',
      url: '/rest/users/search',
      headers: admin,
      payload: { filters: [{ name: 'search', value: email }] },
    });
    expect(search.json().items[0]).toMatchObject({ email, vergrendeld: true });

    const id = await userId(email);
    const link = await t.app.db.transaction((tx) => createPasswordLink(tx, id, config.publicUrl, 'reset'));
    const [stored] = await t.app.db.select().from(passwordLinks).where(eq(passwordLinks.userId, id));
    // A reset link lasts an hour.
    const hours = (stored!.expires.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);
    const set = await fetch(link, form({ password: 'een-nieuw-wachtwoord', repeat: 'een-nieuw-wachtwoord' }));
    expect(set.status).toBe(200);

    await refreshRefused(tokens.refresh_token!);
    expect((await lookup(tokens.access_token)).statusCode).toBe(401);
    // The lock is gone: the new password logs in at once.
    const fresh = await loggedIn(email, 'een-nieuw-wachtwoord');
    expect((await lookup(fresh.access_token)).statusCode).toBe(200);
  });

  it('a change of roles ends the sessions too', async () => {
    const email = 'planner@kust.example';
    const tokens = await loggedIn(email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/rest/users/roles',
      headers: admin,
      payload: { user: await userId(email), roles: ['Gedelegeerd Netbeheerder'] },
    });
    expect(changed.statusCode).toBe(200);
    await refreshRefused(tokens.refresh_token!);
    expect((await lookup(tokens.access_token)).statusCode).toBe(401);
  });
});

describe("'Wachtwoord wijzigen'", () => {
  const change = (accessToken: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/rest/account/password', headers: bearer(accessToken), payload: body });

  it('asks the current password, sets the new one and ends every session', async () => {
    const email = 'kijker@knooppunt.example';
    const tokens = await loggedIn(email);
    const other = await loggedIn(email);
    const wrong = await change(tokens.access_token, {
      huidigWachtwoord: 'fout',
      nieuwWachtwoord: 'nieuw-en-lang-genoeg',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { field: 'huidigWachtwoord', message: 'Uw huidige wachtwoord is niet juist.' },
    ]);
    const short = await change(tokens.access_token, { huidigWachtwoord: 'demo', nieuwWachtwoord: 'kort' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('nieuwWachtwoord');
    const wrongType = await change(tokens.access_token, { huidigWachtwoord: 1, nieuwWachtwoord: ['x'] });
    expect(wrongType.statusCode).toBe(400);

    const changed = await change(tokens.access_token, {
      huidigWachtwoord: 'demo',
      nieuwWachtwoord: 'nieuw-en-lang-genoeg',
    });
    expect(changed.statusCode).toBe(204);
    // Every session ends: this one and the one in another browser.
    expect((await lookup(tokens.access_token)).statusCode).toBe(401);
    await refreshRefused(other.refresh_token!);
    expect((await logIn(email)).refused?.status).toBe(401);
    await loggedIn(email, 'nieuw-en-lang-genoeg');
    expect(await audited('user.password', email)).toHaveLength(1);
  });

  it("refuses a system's token and a token of no user", async () => {
    const system = await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem' });
    expect(
      (await change(system, { huidigWachtwoord: 'demo', nieuwWachtwoord: 'nieuw-en-lang-genoeg' })).statusCode,
    ).toBe(403);
    const nobody = await tokenFor(t, { roles: ['Beheer ziet alles'] });
    const refused = await change(nobody, { huidigWachtwoord: 'demo', nieuwWachtwoord: 'nieuw-en-lang-genoeg' });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/rest/account/password', payload: {} })).statusCode).toBe(401);
  });
});

describe("'Verwijderen', 'Uitnodiging opnieuw versturen' and 'Ontgrendelen'", () => {
  it('deletes a user with its sessions; the audit log keeps the e-mail address', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/users',
      headers: admin,
      payload: {
        email: 'weg@alfa.example',
        organisatie: 'Aannemer_Alfa',
        roles: ['Coordinerende Aannemer'],
        metadata: {},
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ geblokkeerd: false, wachtwoordIngesteld: false, vergrendeld: false });
    const id = created.json().userid as string;
    const deleted = await act('delete', id);
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await t.app.db.select().from(passwordLinks).where(eq(passwordLinks.userId, id))).toHaveLength(0);
    expect(await audited('user.delete', 'weg@alfa.example')).toHaveLength(1);
    expect((await act('delete', id)).statusCode).toBe(404);
  });

  it('sends a fresh invitation to a user without a password; the earlier link stops working', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/users',
      headers: admin,
      payload: {
        email: 'nieuw@alfa.example',
        organisatie: 'Aannemer_Alfa',
        roles: ['Coordinerende Aannemer'],
        metadata: {},
      },
    });
    const first = created.json().setPasswordUrl as string;
    expect((await fetch(first)).status).toBe(200);
    const again = await act('invite', created.json().userid);
    expect(again.statusCode).toBe(200);
    const second = again.json().setPasswordUrl as string;
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(410);
    expect((await fetch(second)).status).toBe(200);
    expect(await audited('user.invite', 'nieuw@alfa.example')).toHaveLength(1);
    // A user who has a password asks for a new one itself.
    const withPassword = await act('invite', await userId('aannemer@alfa.example'));
    expect(withPassword.statusCode).toBe(409);
    expect(withPassword.json().message).toContain('Wachtwoord vergeten?');
  });

  it('lifts a login lock; a user that is not locked answers 409', async () => {
    const email = 'aannemer@alfa.example';
    for (let i = 0; i < config.login.maxFailuresPerAccount; i++) await logIn(email, `fout-${i}`);
    expect((await logIn(email)).refused?.status).toBe(429);
    const unlocked = await act('unlock', await userId(email));
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ email, vergrendeld: false });
    await loggedIn(email);
    expect(await audited('user.unlock', email)).toHaveLength(1);
    const notLocked = await act('unlock', await userId(email));
    expect(notLocked.statusCode).toBe(409);
    expect(notLocked.json().message).toBe('Deze gebruiker is niet vergrendeld.');
  });
});

describe("an organisation 'Deactiveren' and 'Activeren'", () => {
  const organisation = (action: string, organisatie: string, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/rest/organisations/${action}`, headers, payload: { organisatie } });
  const submit = (deelnemer: string, bericht: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      payload: bericht,
      headers: bearer(tokens[deelnemer]!),
    });
  const tokens: Record<string, string> = {};
  const opdracht = (opdrachtId: string) => ({
    ...EXAMPLE_BERICHTEN.Opdracht,
    opdrachtId,
    data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa' },
  });
  const planning = (opdrachtId: string) => ({ ...EXAMPLE_BERICHTEN.Planning, opdrachtId });

  it('refuses its users, its systems and its messages, and lets them in again once activated', async () => {
    for (const deelnemer of ['Netbeheer_Noord', 'Aannemer_Alfa']) {
      tokens[deelnemer] = await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` });
    }
    expect((await submit('Netbeheer_Noord', opdracht('DEACT-1'))).statusCode).toBe(202);
    const user = await loggedIn('aannemer@alfa.example');
    const system = await discoverSystem(config, 'aannemer_alfa-systeem');
    await oidc.clientCredentialsGrant(system);

    const deactivated = await organisation('deactivate', 'Aannemer_Alfa');
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({ organisatie: 'Aannemer_Alfa', actief: false });
    const listed = await t.app.inject({
      method: 'POST',
      url: '/rest/organisations/search',
      headers: admin,
      payload: { filters: [{ name: 'organisatie', value: 'Aannemer_Alfa' }] },
    });
    expect(listed.json().items[0]).toMatchObject({ organisatie: 'Aannemer_Alfa', actief: false });

    // Its users: sessions ended, login refused with the reason.
    await refreshRefused(user.refresh_token!);
    expect((await lookup(user.access_token)).statusCode).toBe(401);
    expect((await logIn('aannemer@alfa.example')).refused?.html).toContain('Uw organisatie is gedeactiveerd');
    // Its systems: no token.
    await expect(oidc.clientCredentialsGrant(system)).rejects.toMatchObject({
      cause: [{ parameters: { error: 'invalid_client' } }],
    });
    // Its messages: neither to it nor from it.
    const toIt = await submit('Netbeheer_Noord', opdracht('DEACT-2'));
    expect(toIt.statusCode).toBe(422);
    expect(toIt.json().details).toEqual([{ field: 'ontvanger', message: expect.stringContaining('gedeactiveerd') }]);
    const fromIt = await submit('Aannemer_Alfa', planning('DEACT-1'));
    expect(fromIt.statusCode).toBe(422);
    expect(fromIt.json().details).toEqual([{ field: 'afzender', message: expect.stringContaining('gedeactiveerd') }]);
    expect((await organisation('deactivate', 'Aannemer_Alfa')).statusCode).toBe(409);

    const activated = await organisation('activate', 'Aannemer_Alfa');
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ actief: true });
    await loggedIn('aannemer@alfa.example');
    await oidc.clientCredentialsGrant(system);
    expect((await submit('Netbeheer_Noord', opdracht('DEACT-2'))).statusCode).toBe(202);
    expect((await submit('Aannemer_Alfa', planning('DEACT-1'))).statusCode).toBe(202);
    expect(await audited('organisation.deactivate', 'Aannemer_Alfa')).toHaveLength(1);
    expect(await audited('organisation.activate', 'Aannemer_Alfa')).toHaveLength(1);
  });

  it("is for the operator's user managers only, and never for the operator's own organisation", async () => {
    expect((await organisation('deactivate', 'Knooppunt_Beheer')).statusCode).toBe(403);
    const participant = bearer(
      await tokenFor(t, { roles: ['Beheer User Viewers', 'Beheer User Beheer'], deelnemer: 'Aannemer_Alfa' }),
    );
    expect((await organisation('deactivate', 'Aannemer_Alfa', participant)).statusCode).toBe(403);
    const viewer = bearer(await tokenFor(t, { roles: ['Beheer User Viewers'] }));
    expect((await organisation('deactivate', 'Aannemer_Alfa', viewer)).statusCode).toBe(403);
    const unknown = await organisation('deactivate', 'Bestaat_Niet');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Organisatie 'Bestaat_Niet' bestaat niet.");
    for (const name of ['', 'a\u0000b', 'x'.repeat(201)]) {
      const answer = await organisation('deactivate', name);
      expect(answer.statusCode, name.slice(0, 10)).toBe(400);
      expect(answer.json().message).toContain('organisatie');
    }
  });
});
