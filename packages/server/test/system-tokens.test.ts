import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { GUARD_TEXTS } from '../src/auth/guard';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { startExternalIssuer, type ExternalIssuer } from './support/external-issuer';

/**
 * A participant's system is told apart from a portal user by the system claim (decision 0015):
 * its token opens the participants' API and nothing else, and a user's token never opens that API.
 */

const opdracht = {
  ...EXAMPLE_BERICHTEN.Opdracht,
  opdrachtId: 'SYS-1',
  data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa' },
};

/** Fills the route's path parameters, so that the request reaches the route (and its guard). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x');

describe('with the embedded provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a system token on every /rest route (403), and lets it through to the participants API', async () => {
    const system = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem' }));
    const rest = t.app.guardedRoutes.filter((route) => route.url.startsWith('/rest/'));
    expect(rest.map((route) => route.url)).toContain('/rest/lookup');
    for (const route of rest) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: system,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      expect(response.json().message).toBe(GUARD_TEXTS.geenSysteem);
    }
    const api = await t.app.inject({ method: 'POST', url: '/api/v1/berichten', headers: system, payload: opdracht });
    expect(api.statusCode, api.body).toBe(202);
  });

  it('answers /rest/lookup for a portal user, with or without roles', async () => {
    for (const roles of [[], ['Netbeheerder']]) {
      const user = bearer(await tokenFor(t, { roles, deelnemer: 'Netbeheer_Noord' }));
      expect((await t.app.inject({ method: 'GET', url: '/rest/lookup', headers: user })).statusCode).toBe(200);
    }
  });

  it('refuses at the participants API a token without the system claim, whatever its client', async () => {
    const tokens = [
      // A portal user.
      await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Netbeheer_Noord' }),
      // A token naming a system's client and a deelnemer but without the claim.
      await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem', system: false }),
      // The portal's client with the claim: not a system either.
      await tokenFor(t, { deelnemer: 'Netbeheer_Noord', system: true }),
    ];
    for (const token of tokens) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/berichten',
        headers: bearer(token),
        payload: { ...opdracht, opdrachtId: 'SYS-NIET' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(GUARD_TEXTS.alleenSystemen);
    }
  });
});

/**
 * An external issuer: its discovery document and keys served from a local server, its tokens
 * minted here as that provider would — a user's without `client_id` (as e.g. Keycloak's and Entra
 * ID's user tokens lack it), a system's with the configured claim.
 */
describe('with an external issuer', () => {
  let issuer: ExternalIssuer;
  const sign = (claims: Record<string, unknown>, subject: string) => issuer.sign(claims, subject);
  const apps: TestApp[] = [];

  beforeAll(async () => {
    issuer = await startExternalIssuer();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await issuer.close();
  });

  let withDefaults: Promise<TestApp> | undefined;
  const external = (env?: Record<string, string>) => {
    const start = async () => {
      const app = await createTestApp({ OIDC_ISSUER: issuer.origin, ...env });
      apps.push(app);
      return app;
    };
    if (env) return start();
    withDefaults ??= start();
    return withDefaults;
  };
  const post = (t: TestApp, token: string, opdrachtId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: bearer(token),
      payload: { ...opdracht, opdrachtId },
    });
  const lookup = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/rest/lookup', headers: bearer(token) });

  it("never takes a portal user's token without client_id for a system (it used to pass)", async () => {
    const t = await external();
    const user = await sign({ deelnemer: 'Netbeheer_Noord', roles: ['Netbeheerder'], email: 'a@noord.example' }, 'u1');
    expect((await post(t, user, 'EXT-USER')).statusCode).toBe(403);
    expect((await lookup(t, user)).statusCode).toBe(200);
  });

  it('takes a token for a system only with the configured claim (default: the scope knooppunt:systeem)', async () => {
    const t = await external();
    const scoped = await sign({ deelnemer: 'Netbeheer_Noord', scope: 'api knooppunt:systeem', azp: 'noord' }, 'noord');
    expect((await post(t, scoped, 'EXT-SCOPE')).statusCode).toBe(202);
    expect((await lookup(t, scoped)).statusCode).toBe(403);
    const unscoped = await sign({ deelnemer: 'Netbeheer_Noord', scope: 'api', client_id: 'noord' }, 'noord');
    expect((await post(t, unscoped, 'EXT-GEEN-SCOPE')).statusCode).toBe(403);
  });

  it('reads the system claim and value from OIDC_SYSTEM_CLAIM and OIDC_SYSTEM_CLAIM_VALUE', async () => {
    // As an issuer that puts application roles in a list (e.g. Entra ID's `roles` of app-only tokens).
    const t = await external({ OIDC_SYSTEM_CLAIM: 'roles', OIDC_SYSTEM_CLAIM_VALUE: 'Knooppunt.Systeem' });
    const system = await sign({ deelnemer: 'Netbeheer_Noord', roles: ['Knooppunt.Systeem'] }, 'noord-app');
    expect((await post(t, system, 'EXT-ROL')).statusCode).toBe(202);
    expect((await lookup(t, system)).statusCode).toBe(403);
    // The default's scope means nothing here.
    const scoped = await sign({ deelnemer: 'Netbeheer_Noord', scope: 'knooppunt:systeem' }, 'noord-app');
    expect((await post(t, scoped, 'EXT-ROL-SCOPE')).statusCode).toBe(403);
  });
});
