import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_LOGIN_ERROR, recentLoginChallenge } from '@knooppunt/domain';
import { loadConfig } from '../src/config';
import { systemClients, users } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/*
 * Recent login for the dangerous actions (issue 31 item 2, decision 0055): a login older than
 * RECENT_LOGIN_MINUTES answers 401 with RFC 9470's challenge before anything happens; a recent one
 * goes through; without the right it stays 403.
 */

const ADMIN_ROLES = ['Beheer ziet alles', 'Gebruikers Beheren', 'Connectiviteit Beheren'];
const now = () => Math.floor(Date.now() / 1000);
const MINUTE = 60;

let t: TestApp;
let fresh: Record<string, string>;
let stale: Record<string, string>;
let missing: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  fresh = bearer(await tokenFor(t, { roles: ADMIN_ROLES, authTime: now() - 14 * MINUTE }));
  stale = bearer(await tokenFor(t, { roles: ADMIN_ROLES, authTime: now() - 16 * MINUTE }));
  missing = bearer(await tokenFor(t, { roles: ADMIN_ROLES, authTime: null }));
});
afterAll(() => t?.close());

const userId = async (email: string) =>
  (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const rolesOf = async (email: string) =>
  [...(await t.app.db.select({ roles: users.roles }).from(users).where(eq(users.email, email)))[0]!.roles].sort();
const clientCount = async () => (await t.app.db.select({ n: count() }).from(systemClients))[0]!.n;

/** Every dangerous route as the server has it: its call and the body a recent login would get through with. */
const DANGEROUS: { method: 'POST' | 'PATCH'; url: string; payload?: object }[] = [
  { method: 'POST', url: '/rest/clients', payload: { organisatie: 'Aannemer_Alfa', omschrijving: 'Recent' } },
  { method: 'POST', url: '/rest/clients/onbekende-client/geheim' },
  { method: 'POST', url: '/rest/users/block', payload: { user: 'x' } },
  { method: 'POST', url: '/rest/management/message/bulk-retry', payload: { filters: [] } },
  { method: 'PATCH', url: '/rest/management/opdracht/cancel/ONBEKEND' },
];

/** Adding a second factor to one's own account, or removing a passkey: a recent login too. */
const OWN_ACCOUNT: { method: 'POST' | 'DELETE'; url: string; payload?: object }[] = [
  { method: 'POST', url: '/rest/account/second-factor/app/start' },
  { method: 'POST', url: '/rest/account/second-factor/app', payload: { ticket: 'x', code: '123456' } },
  { method: 'POST', url: '/rest/account/passkeys/options' },
  { method: 'DELETE', url: '/rest/account/passkeys/onbekend' },
];

function expectChallenge(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(response.statusCode).toBe(401);
  const header = String(response.headers['www-authenticate']);
  expect(header).toContain(`error="${RECENT_LOGIN_ERROR}"`);
  expect(recentLoginChallenge(header)).toEqual({ maxAgeSeconds: 15 * MINUTE });
  expect(response.json()).toEqual({
    message: 'Voor deze actie moet u in de afgelopen 15 minuten zijn ingelogd. Log opnieuw in en probeer het nog eens.',
  });
}

describe('the dangerous actions', () => {
  it('are the routes marked so: client create and rotate, block, bulk resend, manual cancel, adding a second factor, a signing secret', () => {
    const marked = t.app.guardedRoutes
      .filter((route) => route.recentLogin)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(marked).toEqual(
      [
        'PATCH /rest/management/opdracht/cancel/:opdrachtId',
        'POST /rest/account/second-factor/app/start',
        'POST /rest/account/second-factor/app',
        'POST /rest/account/passkeys/options',
        'POST /rest/account/passkeys',
        'DELETE /rest/account/passkeys/:id',
        'POST /rest/clients',
        'POST /rest/clients/:clientId/geheim',
        'POST /rest/management/message/bulk-retry',
        'POST /rest/users/block',
        // A receiver's new signing secret, shown once (decision 0061; webhook-secrets.test.ts).
        'POST /rest/management/config/webhook-secret',
        'POST /test/rest/management/config/webhook-secret',
      ].sort(),
    );
  });

  it('answer 401 with the step-up challenge to a login older than 15 minutes, or one without auth_time', async () => {
    const before = await clientCount();
    for (const route of [...DANGEROUS, ...OWN_ACCOUNT]) {
      for (const headers of [stale, missing]) {
        expectChallenge(await t.app.inject({ ...route, headers }));
      }
    }
    expect(await clientCount()).toBe(before);
  });

  it('go through for a login of the last 15 minutes', async () => {
    const before = await clientCount();
    const created = await t.app.inject({ ...DANGEROUS[0]!, headers: fresh });
    expect(created.statusCode, created.body).toBe(201);
    expect(await clientCount()).toBe(before + 1);
    const { clientId } = created.json<{ client: { clientId: string } }>().client;
    const rotated = await t.app.inject({ method: 'POST', url: `/rest/clients/${clientId}/geheim`, headers: fresh });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/rest/users/block',
      headers: fresh,
      payload: { user: await userId('netbeheer@zuid.example') },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    // Past the guard: the handler answers for what it was given.
    const cancel = await t.app.inject({ ...DANGEROUS[4]!, headers: fresh });
    expect(cancel.statusCode).toBe(404);
  });

  it('stay 403 without the right, whatever the login', async () => {
    const viewer = bearer(
      await tokenFor(t, { roles: ['Netbeheerder'], deelnemer: 'Netbeheer_Zuid', authTime: now() - 60 * MINUTE }),
    );
    for (const route of DANGEROUS) {
      const response = await t.app.inject({ ...route, headers: viewer });
      expect(response.statusCode, route.url).toBe(403);
    }
  });

  it('never apply to a system token, which the portal routes refuse anyway', async () => {
    const system = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem' }));
    const response = await t.app.inject({ ...DANGEROUS[0]!, headers: system });
    expect(response.statusCode).toBe(403);
  });
});

describe("roles of the Beheerder group's users", () => {
  it('need a recent login to change: nothing changes without one', async () => {
    const monitor = 'monitor@knooppunt.example';
    const before = await rolesOf(monitor);
    const change = (headers: Record<string, string>) =>
      userId(monitor).then((user) =>
        t.app.inject({
          method: 'POST',
          url: '/rest/users/roles',
          headers,
          payload: { user, roles: ['Beheer Monitoring'] },
        }),
      );
    expectChallenge(await change(stale));
    expect(await rolesOf(monitor)).toEqual(before);
    const changed = await change(fresh);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await rolesOf(monitor)).toEqual(['Beheer Monitoring']);
  });

  it("need none for a participant's user", async () => {
    const email = 'netbeheer@zuid.example';
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/users/roles',
      headers: stale,
      payload: { user: await userId(email), roles: ['Netbeheerder'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rolesOf(email)).toEqual(['Netbeheerder']);
  });

  it('need a recent login to create a user of the Beheerder organisation, not of a participant', async () => {
    const create = (headers: Record<string, string>, email: string, organisatie: string, roles: string[]) =>
      t.app.inject({ method: 'POST', url: '/rest/users', headers, payload: { email, organisatie, roles } });
    expectChallenge(await create(stale, 'nieuw@knooppunt.example', 'Knooppunt_Beheer', ['Beheer Monitoring']));
    expect(await t.app.db.select().from(users).where(eq(users.email, 'nieuw@knooppunt.example'))).toEqual([]);
    expect((await create(fresh, 'nieuw@knooppunt.example', 'Knooppunt_Beheer', ['Beheer Monitoring'])).statusCode).toBe(
      201,
    );
    expect((await create(stale, 'nieuw@alfa.example', 'Aannemer_Alfa', ['Coordinerende Aannemer'])).statusCode).toBe(
      201,
    );
  });
});

describe('RECENT_LOGIN_MINUTES', () => {
  it('is 15 by default, may be a fraction, and 0 turns the check off', async () => {
    expect(loadConfig({ DEMO: '1' }).recentLoginSeconds).toBe(15 * MINUTE);
    expect(loadConfig({ DEMO: '1', RECENT_LOGIN_MINUTES: '0.5' }).recentLoginSeconds).toBe(30);
    expect(() => loadConfig({ DEMO: '1', RECENT_LOGIN_MINUTES: '-1' })).toThrow(/RECENT_LOGIN_MINUTES/);
    const off = await createTestApp({ RECENT_LOGIN_MINUTES: '0' });
    try {
      const old = bearer(await tokenFor(off, { roles: ADMIN_ROLES, authTime: null }));
      const response = await off.app.inject({ ...DANGEROUS[0]!, headers: old });
      expect(response.statusCode, response.body).toBe(201);
    } finally {
      await off.close();
    }
  });

  it('a shorter window is named in the answer', async () => {
    const short = await createTestApp({ RECENT_LOGIN_MINUTES: '0.5' });
    try {
      const old = bearer(await tokenFor(short, { roles: ADMIN_ROLES, authTime: now() - 31 }));
      const response = await short.app.inject({ ...DANGEROUS[0]!, headers: old });
      expect(response.statusCode).toBe(401);
      expect(recentLoginChallenge(String(response.headers['www-authenticate']))).toEqual({ maxAgeSeconds: 30 });
      expect(response.json().message).toContain('30 seconden');
    } finally {
      await short.close();
    }
  });
});
