import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { organisations, users } from '../src/db/schema';
import { createListeningTestApp, type TestApp } from './helpers';
import { Browser, discoverPortal, discoverSystem, form, startLogin as startLoginAt } from './support/oidc-browser';

let t: TestApp;
let app: FastifyInstance;
let config: Config;
let portal: oidc.Configuration;

// The provider must be reachable over HTTP at its public address: the test listens on a free port.
beforeAll(async () => {
  t = await createListeningTestApp();
  ({ app, config } = t);
  portal = await discoverPortal(config);
});

afterAll(() => t?.close());

const startLogin = (browser: Browser) => startLoginAt(browser, portal, config);

/** The whole login through the real form, up to the portal's tokens. */
async function logIn(email: string, browser = new Browser()) {
  const { loginUrl, verifier, state } = await startLogin(browser);
  const submitted = await browser.fetch(loginUrl, form({ email, password: 'demo' }));
  expect(submitted.status).toBe(303);
  const callback = await browser.followUntilLeaving(submitted.headers.get('location') ?? '', config.oidc.issuer);
  expect(callback).toMatch(new RegExp(`^${config.publicUrl}/callback\\?code=`));
  const tokens = await oidc.authorizationCodeGrant(portal, new URL(callback), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { tokens, browser };
}

describe('embedded identity provider', () => {
  it('publishes its discovery document and public keys under /oidc', async () => {
    const discovery = await fetch(`${config.oidc.issuer}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const metadata = (await discovery.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(config.oidc.issuer);
    expect(metadata.jwks_uri).toBe(`${config.oidc.issuer}/jwks`);
    const jwks = (await (await fetch(`${config.oidc.issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
  });

  it("gives a participant's system a JWT access token carrying its deelnemer", async () => {
    const system = await discoverSystem(config, 'aannemer_alfa-systeem');
    const { access_token: token } = await oidc.clientCredentialsGrant(system);
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${config.oidc.issuer}/jwks`)), {
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
    });
    expect(payload.deelnemer).toBe('Aannemer_Alfa');
    expect(payload.client_id).toBe('aannemer_alfa-systeem');

    const wrongSecret = await fetch(`${config.oidc.issuer}/token`, {
      ...form({ grant_type: 'client_credentials' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('aannemer_alfa-systeem:fout').toString('base64')}`,
      },
    });
    expect(wrongSecret.status).toBe(401);

    // Tokens are for our API only.
    await expect(oidc.clientCredentialsGrant(system, { resource: 'https://elders.example/api' })).rejects.toMatchObject(
      {
        error: 'invalid_target',
      },
    );
  });

  it('shows a Dutch login page and the same refusal for a wrong password and an unknown e-mail address', async () => {
    const browser = new Browser();
    const { loginUrl } = await startLogin(browser);
    const page = await browser.fetch(loginUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Inloggen</h1>');
    expect(html).toContain('<label for="email">E-mailadres</label>');
    expect(html).toContain('<label for="password">Wachtwoord</label>');
    expect(html).toContain('>Inloggen</button>');
    expect(html).toContain('beheer@knooppunt.example');

    for (const email of ['beheer@knooppunt.example', 'niemand@knooppunt.example']) {
      const refused = await browser.fetch(loginUrl, form({ email, password: 'fout' }));
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('Onbekend e-mailadres of onjuist wachtwoord.');
    }
  });

  it('escapes what was typed when it shows the form again', async () => {
    const browser = new Browser();
    const { loginUrl } = await startLogin(browser);
    const refused = await browser.fetch(loginUrl, form({ email: '"><script>alert(1)</script>', password: 'x' }));
    const html = await refused.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses an e-mail address holding a NUL character with 400 naming the field, not with a 500', async () => {
    const browser = new Browser();
    const { loginUrl } = await startLogin(browser);
    const refused = await browser.fetch(loginUrl, form({ email: 'beheer@knooppunt.example\u0000', password: 'demo' }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'email: bevat een ongeldig teken' });
    // The same login without it goes through.
    const accepted = await browser.fetch(loginUrl, form({ email: 'beheer@knooppunt.example', password: 'demo' }));
    expect(accepted.status).toBe(303);
  });

  it('refuses a login form posted without the browser that started the login', async () => {
    const { loginUrl } = await startLogin(new Browser());
    const forged = await new Browser().fetch(loginUrl, form({ email: 'beheer@knooppunt.example', password: 'demo' }));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Deze inlogpoging is verlopen of niet meer geldig.');
  });

  it('lets a login started in one tab finish after another tab started a login too', async () => {
    const browser = new Browser();
    const first = await startLogin(browser);
    await startLogin(browser);
    const submitted = await browser.fetch(
      first.loginUrl,
      form({ email: 'beheer@knooppunt.example', password: 'demo' }),
    );
    expect(submitted.status).toBe(303);
  });

  it('logs the portal in through the form: a JWT for the API, an ID token and a refresh token', async () => {
    const { tokens } = await logIn('beheer@knooppunt.example');

    const access = decodeJwt(tokens.access_token);
    expect(access.iss).toBe(config.oidc.issuer);
    expect(access.aud).toBe(config.oidc.audience);
    expect(access.deelnemer).toBe('Knooppunt_Beheer');
    expect(access.email).toBe('beheer@knooppunt.example');
    expect(access.roles).toEqual(expect.arrayContaining(['Beheer ziet alles']));
    expect(tokens.expires_in).toBe(config.oidc.accessTokenTtlSeconds);

    const idToken = tokens.claims();
    expect(idToken?.email).toBe('beheer@knooppunt.example');
    expect(idToken?.deelnemer).toBe('Knooppunt_Beheer');
    expect(idToken?.roles).toEqual(expect.arrayContaining(['Beheer ziet alles']));
    expect(tokens.refresh_token).toBeTruthy();

    // The server's own verifier accepts the provider's token.
    const search = await fetch(`${config.publicUrl}/rest/organisations/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(search.status).toBe(200);
  });

  it('answers the granted scopes in the token response and in the access token, at login and at renewal', async () => {
    // offline_access is granted only with prompt=consent (OpenID Connect Core §11); the portal, being
    // first party, gets its refresh token without it.
    const granted = config.oidc.scope
      .split(' ')
      .filter((scope) => scope !== 'offline_access')
      .sort();
    const { tokens } = await logIn('beheer@knooppunt.example');
    expect(tokens.scope?.split(' ').sort()).toEqual(granted);
    expect(String(decodeJwt(tokens.access_token).scope).split(' ').sort()).toEqual(granted);

    const renewed = await oidc.refreshTokenGrant(portal, tokens.refresh_token!);
    expect(renewed.scope?.split(' ').sort()).toEqual(granted);
  });

  it('advertises no userinfo endpoint, which would refuse its own access tokens, and serves none', async () => {
    const { tokens } = await logIn('beheer@knooppunt.example');
    expect(portal.serverMetadata().userinfo_endpoint).toBeUndefined();
    const me = await fetch(`${config.oidc.issuer}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(404);
    // What the portal shows comes from the ID token.
    expect(tokens.claims()).toMatchObject({ email: 'beheer@knooppunt.example', deelnemer: 'Knooppunt_Beheer' });
  });

  it('renews by refresh token with roles read again from the database, and rotates the refresh token', async () => {
    const { tokens } = await logIn('monitor@knooppunt.example');
    const [monitor] = await app.db.select().from(users).where(eq(users.email, 'monitor@knooppunt.example'));
    await app.db
      .update(users)
      .set({ roles: ['Beheer User Viewers'] })
      .where(eq(users.id, monitor!.id));

    const renewed = await oidc.refreshTokenGrant(portal, tokens.refresh_token!);
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(renewed.access_token).roles).toEqual(['Beheer User Viewers']);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(oidc.refreshTokenGrant(portal, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    await app.db.update(users).set({ roles: monitor!.roles }).where(eq(users.id, monitor!.id));
  });

  it("shows its pages in the portal's typeface: Roboto from its own origin, allowed by the page's policy", async () => {
    const browser = new Browser();
    const { loginUrl } = await startLogin(browser);
    const page = await browser.fetch(loginUrl);
    const html = await page.text();
    expect(html).toContain('font-family:"Roboto Variable"');
    expect(page.headers.get('content-security-policy')).toContain("font-src 'self'");
    const fonts = [...html.matchAll(/src:url\(([^)]+)\) format\("woff2-variations"\)/g)].map((match) => match[1]!);
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font).toMatch(/^\/oidc\/fonts\/roboto-latin(-ext)?-[\w-]{16}\.woff2$/);
      const file = await fetch(new URL(font, config.publicUrl));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('font/woff2');
      expect(file.headers.get('cache-control')).toContain('immutable');
      // A WOFF2 file starts with its signature.
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('wOF2');
    }
  });

  it("logs out at once on the portal's ID token hint of this session: no question, back to the portal, refresh token ended", async () => {
    const { tokens, browser } = await logIn('beheer@knooppunt.example');
    const endSession = oidc.buildEndSessionUrl(portal, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${config.publicUrl}/`,
    });
    const page = await browser.fetch(endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('Wilt u uitloggen');
    expect(html).toContain('U wordt uitgelogd');
    // The form carries the confirmation itself, and the page's one script sends it ...
    const formHtml = /<form id="op\.logoutForm"[^>]*>.*?<\/form>/s.exec(html)?.[0] ?? '';
    expect(formHtml).toContain('<input type="hidden" name="logout" value="yes"/>');
    const script = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(script).toContain("getElementById('op.logoutForm').submit()");
    // ... which the page's policy allows by its hash, and no other script.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(csp).not.toMatch(/script-src[^;]*('self'|'unsafe-inline')/);

    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const loggedOut = await browser.fetch(action!, form({ xsrf: xsrf!, logout: 'yes' }));
    expect(loggedOut.status).toBe(303);
    expect(loggedOut.headers.get('location')).toBe(`${config.publicUrl}/`);
    await expect(oidc.refreshTokenGrant(portal, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('asks in Dutch before logging out without a hint, or with the hint of another login, and runs no script', async () => {
    const { tokens, browser } = await logIn('beheer@knooppunt.example');
    const { tokens: others } = await logIn('monitor@knooppunt.example');
    const unhinted = `${config.oidc.issuer}/session/end`;
    const otherHint = oidc.buildEndSessionUrl(portal, { id_token_hint: others.id_token! });
    for (const url of [unhinted, otherHint.href]) {
      const confirm = await browser.fetch(url);
      expect(confirm.status).toBe(200);
      const html = await confirm.text();
      expect(html).toContain('Wilt u uitloggen bij Knooppunt beheer?');
      expect(html).not.toContain('<script');
      expect(confirm.headers.get('content-security-policy')).not.toContain('script-src');
    }
    // Asking ended nothing.
    await expect(oidc.refreshTokenGrant(portal, tokens.refresh_token!)).resolves.toHaveProperty('access_token');
  });

  it('does not let a user without a password log in', async () => {
    const [beheer] = await app.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.organisatie, 'Knooppunt_Beheer'));
    await app.db.insert(users).values({ email: 'nieuw@knooppunt.example', organisationId: beheer!.id, roles: [] });

    const browser = new Browser();
    const { loginUrl } = await startLogin(browser);
    for (const password of ['', 'demo']) {
      const refused = await browser.fetch(loginUrl, form({ email: 'nieuw@knooppunt.example', password }));
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('Onbekend e-mailadres of onjuist wachtwoord.');
    }
  });
});

describe("the provider's tokens tell a participant's system from a portal user (decision 0015)", () => {
  it('puts the system claim in client-credentials tokens only; each token opens only its own API', async () => {
    const system = await discoverSystem(config, 'netbeheer_noord-systeem');
    const { access_token: systemToken } = await oidc.clientCredentialsGrant(system);
    const { tokens } = await logIn('beheer@knooppunt.example');
    const { claim, value } = config.oidc.system;
    expect(String(decodeJwt(systemToken)[claim]).split(' ')).toContain(value);
    expect(String(decodeJwt(tokens.access_token)[claim] ?? '').split(' ')).not.toContain(value);

    const call = (path: string, token: string, body?: object) =>
      fetch(`${config.publicUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body && { body: JSON.stringify(body) }),
      });
    const bericht = { type: 'Opdracht', versienummer: '2.0', opdrachtId: 'IDP-1', data: {} };
    // Past the guard, the system meets validation (400); the portal user is refused by the guard.
    expect((await call('/api/v1/berichten', systemToken, bericht)).status).toBe(400);
    expect((await call('/api/v1/berichten', tokens.access_token, bericht)).status).toBe(403);
    expect((await call('/rest/lookup', tokens.access_token)).status).toBe(200);
    expect((await call('/rest/lookup', systemToken)).status).toBe(403);
  });
});
