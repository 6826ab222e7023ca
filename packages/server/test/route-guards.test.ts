import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_PREFIX, permissionsFor, type Permission } from '@knooppunt/domain';
import type { Access } from '../src/auth/guard';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

const KEY = { deelnemer: 'Guard_Test', versienummer: '2.0' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MONITORING_OR_UITVAL: Access = { anyOf: ['canViewMonitoring', 'canViewUitval'] };
const CONFIG_BODY = {
  ...KEY,
  config: { clientId: 'id', clientSecret: 'geheim', tokenUrl: 'https://auth.example/token' },
};

/**
 * Every guarded route of the application, with the access it needs and a valid request body.
 * The first test proves this table lists exactly the routes the app has, so a new route without
 * a row here fails the suite.
 */
const ROUTES: {
  method: string;
  url: string;
  access: Access;
  body?: object;
  /** The deelnemer of the caller the guard lets through, when the handler checks it (default KEY's). */
  deelnemer?: string;
}[] = [
  { method: 'POST', url: '/rest/organisations/search', access: 'canViewUsers', body: {} },
  {
    method: 'POST',
    url: '/rest/organisations',
    access: 'canCreateUser',
    body: { organisatie: 'Guard test', type: 'Aannemer' },
    // Only the operator's staff create organisations (decision 0014).
    deelnemer: 'Knooppunt_Beheer',
  },
  ...['deactivate', 'activate'].map((action) => ({
    method: 'POST' as const,
    url: `/rest/organisations/${action}`,
    access: 'canCreateUser' as const,
    body: { organisatie: 'Bestaat_Niet' },
    deelnemer: 'Knooppunt_Beheer',
  })),
  {
    method: 'POST',
    url: '/rest/management/config/search',
    access: 'canViewConfig',
    body: { filters: [{ name: 'versienummer', value: '2.0' }] },
  },
  {
    method: 'GET',
    url: '/rest/management/config?deelnemer=X&versienummer=2.0&version=1&draft=true',
    access: 'canViewConfig',
  },
  { method: 'POST', url: '/rest/management/config', access: 'canCreateDraft', body: CONFIG_BODY },
  { method: 'PUT', url: '/rest/management/config', access: 'canCreateDraft', body: CONFIG_BODY },
  { method: 'PATCH', url: '/rest/management/config', access: 'canCreateConfig', body: KEY },
  {
    method: 'GET',
    url: '/rest/management/config/webhook-secret?deelnemer=X&versienummer=2.0',
    access: 'canViewConfig',
  },
  { method: 'POST', url: '/rest/management/config/webhook-secret', access: 'canCreateDraft', body: KEY },
  { method: 'GET', url: '/rest/management/message-sender', access: 'canViewConfig' },
  { method: 'PUT', url: '/rest/management/message-sender', access: 'canCreateConfig', body: { ...KEY, version: 1 } },
  {
    method: 'PATCH',
    url: '/rest/management/message-sender',
    access: 'canCreateConfig',
    body: { ...KEY, running: false },
  },
  {
    method: 'GET',
    url: '/rest/management/message-sender/log?deelnemer=Guard_Test&versienummer=2.0',
    access: 'canViewConfig',
  },
  { method: 'GET', url: '/rest/valuelist', access: 'canViewConfig' },
  { method: 'POST', url: '/rest/management/message/retry', access: 'canRetryMessage', body: { id: UNKNOWN_ID } },
  {
    method: 'POST',
    url: '/rest/management/message-hoofdnet/retry',
    access: 'canRetryMessage',
    body: { id: UNKNOWN_ID },
  },
  {
    method: 'POST',
    url: '/rest/management/message/bulk-retry/count',
    access: 'canRetryMessage',
    body: {
      filters: [
        { name: 'versienummer', value: '!h1.0' },
        { name: 'isInError', value: true },
      ],
    },
  },
  {
    method: 'POST',
    url: '/rest/management/message/bulk-retry',
    access: 'canRetryMessage',
    body: {
      filters: [
        { name: 'versienummer', value: '!h1.0' },
        { name: 'isInError', value: true },
      ],
    },
  },
  { method: 'GET', url: '/rest/management/message/bulk-retry', access: 'canRetryMessage' },
  { method: 'GET', url: `/rest/management/message/bulk-retry/${UNKNOWN_ID}`, access: 'canRetryMessage' },
  { method: 'PATCH', url: '/rest/management/opdracht/cancel/ONBEKEND', access: 'canCancelOpdracht' },
  { method: 'GET', url: '/rest/management/valuelist?versienummer=2', access: MONITORING_OR_UITVAL },
  {
    method: 'POST',
    url: '/rest/management/message/search',
    access: MONITORING_OR_UITVAL,
    // The Uitval list: open to either right.
    body: {
      filters: [
        { name: 'versienummer', value: '!h1.0' },
        { name: 'isInError', value: true },
      ],
    },
  },
  { method: 'POST', url: '/rest/management/opdracht/search', access: 'canViewMonitoring', body: {} },
  { method: 'POST', url: '/rest/management/opdracht-hoofdnet/search', access: 'canViewMonitoring', body: {} },
  { method: 'POST', url: '/rest/management/levering/search', access: 'canViewMonitoring', body: {} },
  { method: 'GET', url: '/rest/opdrachten/ONBEKEND/historie', access: 'canViewMonitoring' },
  { method: 'GET', url: '/rest/opdrachten/ONBEKEND/bewijsdossier', access: 'canViewMonitoring' },
  { method: 'POST', url: '/rest/audit/search', access: 'canViewAuditLog', body: {} },
  { method: 'GET', url: '/rest/management/overzicht', access: MONITORING_OR_UITVAL },
  { method: 'GET', url: '/rest/management/platform', access: 'canSeeAllParticipants' },
  {
    method: 'POST',
    url: `/rest/management/platform/mail/${UNKNOWN_ID}/opnieuw`,
    access: 'canSeeAllParticipants',
    body: {},
  },
  { method: 'POST', url: '/api/v1/berichten', access: 'participant', body: { type: 'Opdracht' } },
  { method: 'GET', url: `/api/v1/berichten/${UNKNOWN_ID}`, access: 'participant' },
  { method: 'GET', url: '/api/v1/sleutels', access: 'public' },
  { method: 'GET', url: '/api/v1/opdrachten/ONBEKEND', access: 'participant' },
  { method: 'GET', url: '/api/v1/opdrachten/ONBEKEND/bewijsdossier', access: 'participant' },
  {
    method: 'POST',
    url: '/rest/management/connection-check',
    access: 'canViewConfig',
    body: { ...KEY, version: 1, draft: false },
  },
  { method: 'GET', url: '/rest/waardenlijst', access: 'canAccessRules' },
  { method: 'POST', url: '/rest/users/search', access: 'canViewUsers', body: {} },
  { method: 'POST', url: '/rest/roles/search', access: 'canViewUsers' },
  { method: 'POST', url: '/rest/users/autosuggest', access: 'canViewUsers', body: { text: 'noord' } },
  { method: 'POST', url: '/rest/users/roles', access: 'canCreateUser', body: { user: UNKNOWN_ID, roles: [] } },
  ...['block', 'unblock', 'delete', 'invite', 'unlock', 'reset-second-factor'].map((action) => ({
    method: 'POST' as const,
    url: `/rest/users/${action}`,
    access: 'canCreateUser' as const,
    body: { user: UNKNOWN_ID },
  })),
  {
    method: 'POST',
    url: '/rest/users',
    access: 'canCreateUser',
    body: { email: 'guard@noord.example', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] },
    // A user manager manages only its own organisation's users, or the participants' as operator staff.
    deelnemer: 'Knooppunt_Beheer',
  },
  { method: 'POST', url: '/rest/admin/synchronize', access: 'canSynchronize' },
  // A participant's connectivity manager manages its own organisation's system clients.
  { method: 'GET', url: '/rest/clients', access: 'canManageClients', deelnemer: 'Netbeheer_Noord' },
  {
    method: 'POST',
    url: '/rest/clients',
    access: 'canManageClients',
    body: { omschrijving: 'Guard test' },
    deelnemer: 'Netbeheer_Noord',
  },
  { method: 'POST', url: '/rest/clients/onbekend-systeem/geheim', access: 'canManageClients' },
  { method: 'POST', url: '/rest/clients/onbekend-systeem/intrekken', access: 'canManageClients' },
  { method: 'GET', url: '/rest/lookup', access: 'authenticated' },
  {
    method: 'POST',
    url: '/rest/account/password',
    access: 'authenticated',
    body: { huidigWachtwoord: 'x', nieuwWachtwoord: 'lang-genoeg-wachtwoord' },
  },
  { method: 'GET', url: '/rest/account/passkeys', access: 'authenticated' },
  { method: 'POST', url: '/rest/account/passkeys/options', access: 'authenticated' },
  { method: 'POST', url: '/rest/account/passkeys', access: 'authenticated', body: { ticket: 'x', response: {} } },
  { method: 'DELETE', url: '/rest/account/passkeys/onbekend', access: 'authenticated' },
  { method: 'GET', url: '/rest/account/second-factor', access: 'authenticated' },
  { method: 'POST', url: '/rest/account/second-factor/app/start', access: 'authenticated' },
  {
    method: 'POST',
    url: '/rest/account/second-factor/app',
    access: 'authenticated',
    body: { ticket: 'x', code: '123456' },
  },
  {
    method: 'POST',
    url: '/rest/account/second-factor/recovery-codes',
    access: 'authenticated',
    body: { code: '123456' },
  },
  { method: 'DELETE', url: '/rest/account/second-factor', access: 'authenticated', body: { code: '123456' } },
  { method: 'GET', url: '/rest/version', access: 'canAccessRules' },
  {
    method: 'POST',
    url: '/rest/version',
    access: 'canEditConceptRules',
    body: { berichtVersie: '2.0', omschrijving: 'Versie', ingangsdatum: '2025-05-23' },
    deelnemer: 'Netbeheer_Noord',
  },
  { method: 'GET', url: `/rest/version/${UNKNOWN_ID}/compare/${UNKNOWN_ID}`, access: 'canAccessRules' },
  // Published scenarios: concepts need a concept right on top (the handler's own 403).
  { method: 'GET', url: '/rest/rules?versie=1', access: 'canAccessRules' },
  {
    method: 'POST',
    url: '/rest/rules',
    access: 'canEditConceptRules',
    body: {
      omschrijving: 'Scenario',
      berichtVersie: '2.0',
      discipline: 'Gas',
      werkzaamheden: {
        aansluiting: 'Nieuw',
        binnenwerk: 'Nee',
        meter: 'Plaatsen',
        typeAansluiting: 'G4',
        fysiekeStatus: 'In bedrijf',
        wijzigenCapaciteit: 'Nee',
      },
    },
    deelnemer: 'Netbeheer_Noord',
  },
  { method: 'GET', url: `/rest/rules/${UNKNOWN_ID}`, access: 'canAccessRules' },
  { method: 'GET', url: `/rest/rules/${UNKNOWN_ID}/compare/${UNKNOWN_ID}`, access: 'canAccessRules' },
  {
    method: 'PATCH',
    url: `/rest/rules/${UNKNOWN_ID}`,
    access: 'canEditConceptRules',
    body: { omschrijving: 'Nieuw', basedOn: { changed: '2026-01-01T00:00:00.000Z' } },
  },
  {
    method: 'POST',
    url: `/rest/rules/${UNKNOWN_ID}`,
    access: 'canEditConceptRules',
    body: {
      omschrijving: 'Kopie',
      werkzaamheden: {
        aansluiting: 'Nieuw',
        binnenwerk: 'Nee',
        meter: 'Plaatsen',
        typeAansluiting: 'G4',
        fysiekeStatus: 'In bedrijf',
        wijzigenCapaciteit: 'Nee',
      },
    },
    deelnemer: 'Netbeheer_Noord',
  },
  { method: 'DELETE', url: `/rest/rules/${UNKNOWN_ID}`, access: 'canEditConceptRules' },
  {
    method: 'POST',
    url: '/rest/waardenlijst',
    access: 'canEditConceptRules',
    body: { berichtVersie: '2.0', discipline: 'Gas' },
    // Only a netbeheerder's editors create lists; the handler refuses anyone else with its own 403.
    deelnemer: 'Netbeheer_Noord',
  },
  { method: 'GET', url: `/rest/waardenlijst/${UNKNOWN_ID}`, access: 'canAccessRules' },
  {
    method: 'PATCH',
    url: `/rest/waardenlijst/${UNKNOWN_ID}`,
    access: 'canEditConceptRules',
    body: { id: 'gas-tg-drukklasse', waarde: '100 mbar', toegestaan: false },
  },
  { method: 'DELETE', url: `/rest/waardenlijst/${UNKNOWN_ID}`, access: 'canEditConceptRules' },
  { method: 'GET', url: '/rest/termijnen/Netbeheer_Noord', access: 'canAccessRules' },
  {
    method: 'POST',
    url: '/rest/termijnen/Netbeheer_Noord',
    access: 'canEditConceptRules',
    body: { flow: 'aansluiting', van: 'Opdracht', tot: 'Planning', aantal: 10, eenheid: 'werkdagen' },
    // Only the netbeheerder's own editors; the handler refuses anyone else with its own 403.
    deelnemer: 'Netbeheer_Noord',
  },
  {
    method: 'PUT',
    url: '/rest/termijnen/Netbeheer_Noord/mail',
    access: 'canEditConceptRules',
    body: { dagelijkseMail: false },
    deelnemer: 'Netbeheer_Noord',
  },
  {
    method: 'PUT',
    url: `/rest/termijnen/Netbeheer_Noord/${UNKNOWN_ID}`,
    access: 'canEditConceptRules',
    body: {
      termijn: { flow: 'aansluiting', van: 'Opdracht', tot: 'Planning', aantal: 10, eenheid: 'werkdagen' },
      basedOn: { changed: '2026-01-01T00:00:00.000Z' },
    },
    deelnemer: 'Netbeheer_Noord',
  },
  {
    method: 'DELETE',
    url: `/rest/termijnen/Netbeheer_Noord/${UNKNOWN_ID}`,
    access: 'canEditConceptRules',
    deelnemer: 'Netbeheer_Noord',
  },
  { method: 'GET', url: '/rest/testtool/scenarios', access: 'canSendTesttool' },
  { method: 'POST', url: '/rest/testtool/runs', access: 'canSendTesttool', body: { scenario: 'aansluiting-gereed' } },
  { method: 'GET', url: '/rest/testtool/runs', access: 'canSendTesttool' },
  { method: 'GET', url: `/rest/testtool/runs/${UNKNOWN_ID}`, access: 'canSendTesttool' },
  { method: 'POST', url: `/rest/testtool/runs/${UNKNOWN_ID}/stop`, access: 'canSendTesttool' },
  { method: 'POST', url: '/rest/testtool/controleren', access: 'canSendTesttool', body: { bericht: {} } },
  { method: 'POST', url: '/rest/testtool/versturen', access: 'canSendTesttool', body: { bericht: {} } },
  { method: 'POST', url: '/rest/testtool/proefbericht', access: 'canSendTesttool', body: { type: 'Opdracht' } },
  {
    method: 'GET',
    url: '/rest/testtool/conformiteit?deelnemer=Guard_Test',
    access: { anyOf: ['canSendTesttool', 'canViewConfig', 'canViewUsers'] },
  },
  {
    method: 'GET',
    url: '/rest/implementatiepartners',
    access: { anyOf: ['canViewUsers', 'canSendTesttool'] },
  },
  {
    method: 'POST',
    url: '/rest/implementatiepartners',
    access: 'canCreateUser',
    body: { partner: 'Guard_Test', deelnemer: 'Guard_Test' },
  },
  { method: 'DELETE', url: '/rest/implementatiepartners/Guard_Test/Guard_Test', access: 'canCreateUser' },
  {
    method: 'PUT',
    url: '/rest/testtool/conformiteit',
    access: 'canManageTesttool',
    body: { deelnemer: 'Guard_Test', vereist: true },
  },
];
// The test environment's configuration calls (decision 0038): the same routes under /test, the same
// rights but one: what the operator does in production, a participant does for itself in the test environment.
const TEST_ENVIRONMENT_ROUTES = [
  '/rest/management/config',
  '/rest/management/message-sender',
  '/rest/management/connection-check',
];
ROUTES.push(
  ...ROUTES.filter((route) => TEST_ENVIRONMENT_ROUTES.some((path) => route.url.startsWith(path))).map((route) => ({
    ...route,
    url: `${TEST_API_PREFIX}${route.url}`,
    // A participant activates its own test configuration and runs its own test sender.
    access: route.access === 'canCreateConfig' ? 'canCreateDraft' : route.access,
  })),
);

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
  canSeeAllParticipants: ['Beheer ziet alles'],
  canRetryMessage: ['Uitval Beheren'],
  canManageClients: ['Beheer connectiviteit'],
  canViewAuditLog: ['Beheer ziet alles'],
  canSendTesttool: ['Testtool Verzenden'],
  canManageTesttool: ['Beheer ziet alles', 'Testtool Beheren'],
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
    // Path parameters are written out in the table; the app lists the route's pattern.
    const pattern = (url: string) =>
      (url.split('?')[0] ?? url)
        .replace('/cancel/ONBEKEND', '/cancel/:opdrachtId')
        .replace(/\/opdrachten\/ONBEKEND(\/|$)/, '/opdrachten/:opdrachtId$1')
        .replace(`/waardenlijst/${UNKNOWN_ID}`, '/waardenlijst/:id')
        .replace(`/termijnen/Netbeheer_Noord/${UNKNOWN_ID}`, '/termijnen/:netbeheerder/:id')
        .replace(/\/termijnen\/Netbeheer_Noord(\/|$)/, '/termijnen/:netbeheerder$1')
        .replace(`/bulk-retry/${UNKNOWN_ID}`, '/bulk-retry/:id')
        .replace(`/runs/${UNKNOWN_ID}`, '/runs/:id')
        .replace(`/mail/${UNKNOWN_ID}`, '/mail/:id')
        .replace(`/berichten/${UNKNOWN_ID}`, '/berichten/:id')
        .replace('/implementatiepartners/Guard_Test/Guard_Test', '/implementatiepartners/:partner/:deelnemer')
        .replace(`/${UNKNOWN_ID}/compare/${UNKNOWN_ID}`, '/:id/compare/:compareId')
        .replace(`/rules/${UNKNOWN_ID}`, '/rules/:id')
        .replace('/clients/onbekend-systeem/', '/clients/:clientId/')
        .replace('/passkeys/onbekend', '/passkeys/:id');
    const table = ROUTES.map(({ method, url, access }) => ({ method, url: pattern(url), access }));
    // Which of them need a recent login is recent-login.test.ts's.
    const guarded = t.app.guardedRoutes.map(({ method, url, access }) => ({ method, url, access }));
    expect(guarded.sort(byRoute)).toEqual(table.sort(byRoute));
  });

  describe.each(ROUTES)('$method $url', (route) => {
    if (route.access === 'public') {
      // Public on purpose (the receipt keys, decision 0060): answered without any token.
      it('answers without a token', async () => expect((await call(route)).statusCode).toBe(200));
      return;
    }
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

    if (route.access === 'participant') {
      it('answers 403 to a portal user and lets a participant system through', async () => {
        const portalUser = await tokenFor(t, { roles: ['Beheer ziet alles'], clientId: t.config.oidc.portalClientId });
        expect((await call(route, bearer(portalUser))).statusCode).toBe(403);
        const system = await tokenFor(t, { deelnemer: 'Aannemer_Alfa', clientId: 'aannemer_alfa-systeem' });
        expect([401, 403]).not.toContain((await call(route, bearer(system))).statusCode);
      });
      return;
    }
    if (route.access === 'authenticated') return;
    // A route open to any one of several flags is tried with each of them, and refused without all.
    const permissions = typeof route.access === 'object' ? route.access.anyOf : [route.access];
    const named = permissions.join(' or ');

    it(`answers 403 without ${named}, before looking at the body`, async () => {
      const lacking = ['geen', 'Beheer Monitoring', 'Uitval Beheren', 'Netbeheerder'].filter(
        (role) => !permissions.some((permission) => permissionsFor([role])[permission]),
      );
      expect(lacking).not.toEqual([]);
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: bearer(await tokenFor(t, { roles: lacking })),
        ...(route.method === 'GET' ? {} : { payload: { this: 'is not a valid body' } }),
      });
      expect(response.statusCode).toBe(403);
    });

    it.each(permissions)(`lets a caller with %s through to the handler`, async (permission) => {
      const token = await tokenFor(t, {
        roles: GRANTING_ROLES[permission],
        deelnemer: route.deelnemer ?? KEY.deelnemer,
      });
      const response = await call(route, bearer(token));
      // The handler may still say 404 or 409 about the data; the guard said yes.
      expect([401, 403]).not.toContain(response.statusCode);
      expect(response.statusCode).toBeLessThan(500);
    });
  });
});

function byRoute(a: { method: string; url: string }, b: { method: string; url: string }) {
  return `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`);
}
