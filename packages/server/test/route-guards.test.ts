import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, type Permission } from '@knooppunt/domain';
import type { Access } from '../src/auth/guard';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/**
 * Every guarded route of the application, with the access it needs and a valid request body.
 * The first test proves this table lists exactly the routes the app has, so a new route without
 * a row here fails the suite.
 */
const ROUTES: { method: string; url: string; access: Access; body?: object }[] = [
  { method: 'POST', url: '/rest/organisations/search', access: 'canViewUsers', body: {} },
  {
    method: 'POST',
    url: '/rest/organisations',
    access: 'canCreateUser',
    body: { organisatie: 'Guard test', type: 'Aannemer' },
  },
];

/** A role that grants each flag, and one that does not. */
const GRANTING_ROLES: Record<Permission, string[]> = {
  canViewConfig: ['Configuraties Beheren'],
  canCreateDraft: ['Configuraties Beheren'],
  canCreateConfig: ['Beheer ziet alles', 'Opdrachtverstrekking Beheren'],
  canCancelOpdracht: ['Beheer ziet alles'],
  canViewMonitoring: ['Beheer Monitoring'],
  canViewUsers: ['Beheer User Viewers'],
  canViewUitval: ['Uitval Beheren'],
  canCreateUser: ['Beheer User Beheer'],
  canSynchronize: ['Beheer User Beheer'],
  canSearchRules: ['Business rules Zoeken'],
  canViewConceptRules: ['Business rules Concept Bekijken'],
  canEditConceptRules: ['Business rules Concept Bewerken'],
  canBeheerRules: ['Business Rules Beheer'],
  canAccessRules: ['Business rules Zoeken'],
  canAccessConceptScenarios: ['Business rules Concept Bekijken'],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (route: (typeof ROUTES)[number], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: route.method as 'POST',
    url: route.url,
    headers,
    ...(route.body ? { payload: route.body } : {}),
  });

describe('route guards', () => {
  it('the table lists every guarded route the application has', () => {
    const table = ROUTES.map(({ method, url, access }) => ({ method, url, access }));
    expect([...t.app.guardedRoutes].sort(byRoute)).toEqual(table.sort(byRoute));
  });

  describe.each(ROUTES)('$method $url', (route) => {
    it('answers 401 without a token', async () => {
      const response = await call(route);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('answers 401 for a malformed, expired, foreign or wrongly addressed token', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const foreign = await new SignJWT({ roles: ['Beheer ziet alles'] })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(t.config.oidc.issuer)
        .setAudience(t.config.oidc.audience)
        .setExpirationTime('5m')
        .sign(privateKey);
      const tokens = [
        'not-a-jwt',
        foreign,
        await tokenFor(t, { roles: GRANTING_ROLES.canCreateUser, expiresIn: '-1m' }),
        await tokenFor(t, { roles: GRANTING_ROLES.canCreateUser, audience: 'iets-anders' }),
      ];
      for (const token of tokens) expect((await call(route, bearer(token))).statusCode).toBe(401);
      expect((await call(route, { authorization: 'Basic Zm9vOmJhcg==' })).statusCode).toBe(401);
    });

    if (route.access === 'public' || route.access === 'authenticated') return;
    const permission = route.access;

    it(`answers 403 without ${permission}, before looking at the body`, async () => {
      const lacking = ['geen', 'Beheer Monitoring', 'Netbeheerder'].filter(
        (role) => !permissionsFor([role])[permission],
      );
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: bearer(await tokenFor(t, { roles: lacking })),
        payload: { this: 'is not a valid body' },
      });
      expect(response.statusCode).toBe(403);
    });

    it(`lets a caller with ${permission} through`, async () => {
      const response = await call(route, bearer(await tokenFor(t, { roles: GRANTING_ROLES[permission] })));
      expect(response.statusCode).toBeLessThan(300);
    });
  });
});

function byRoute(a: { method: string; url: string }, b: { method: string; url: string }) {
  return `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`);
}
