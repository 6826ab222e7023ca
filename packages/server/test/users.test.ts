import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oidcPayloads, users } from '../src/db/schema';
import { verifyPassword } from '../src/idp/passwords';
import { PASSWORD_MIN } from '../src/idp/set-password';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let viewer: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  viewer = bearer(await tokenFor(t, { roles: ['Beheer User Viewers'] }));
  admin = bearer(
    await tokenFor(t, { roles: ['Beheer User Viewers', 'Beheer User Beheer'], email: 'users@knooppunt.example' }),
  );
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers = viewer) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const search = (body: object) => post('/rest/users/search', body);
const emails = (body: { items: { email: string }[] }) => body.items.map((user) => user.email);

describe('POST /rest/users/search', () => {
  it('pages the users by e-mail with their organisation, metadata and roles', async () => {
    const response = await search({ skip: 0, limit: 10 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ skip: 0, limit: 10 });
    expect(body.count).toBeGreaterThanOrEqual(8);
    expect(emails(body)).toEqual([...emails(body)].sort());
    const noord = body.items.find((user: { email: string }) => user.email === 'netbeheer@noord.example');
    expect(noord).toMatchObject({
      userid: expect.any(String),
      organisatie: 'Netbeheer_Noord',
      organisatieType: 'Netbeheerder',
      metadata: { deelnemer: 'Netbeheer_Noord' },
    });
    expect(noord.roles[0]).toEqual({ id: 'Netbeheerder', name: 'Netbeheerder', description: 'Hoofdrol Netbeheerder' });
    // A user's optional role is described with the group of the user's own organisation type.
    expect(noord.roles).toContainEqual({
      id: 'Beheer connectiviteit',
      name: 'Beheer connectiviteit',
      description: 'Optionele rol Netbeheerder',
    });
  });

  it('filters by role, organisation and search text; pages and sorts', async () => {
    const byRole = await search({ filters: [{ name: 'roles', value: 'Beheer ziet alles' }] });
    expect(emails(byRole.json())).toEqual(['beheer@knooppunt.example', 'kijker@knooppunt.example']);
    const byOrganisation = await search({ filters: [{ name: 'organisatie', value: 'Netbeheer_Zuid' }] });
    expect(emails(byOrganisation.json())).toEqual(['netbeheer@zuid.example']);
    const byText = await search({ filters: [{ name: 'search', value: 'NOORD' }] });
    expect(emails(byText.json())).toEqual(['netbeheer@noord.example']);
    const page = await search({ skip: 1, limit: 1, sortBy: 'email', sortDirection: 'desc' });
    expect(page.json().items).toHaveLength(1);
    expect(page.json().count).toBeGreaterThan(1);
  });

  it('refuses unknown filters and sorts naming the field, and callers without the right', async () => {
    const unknown = await search({ filters: [{ name: 'kleur', value: 'x' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('filters.0.name');
    expect((await search({ sortBy: 'roles' })).statusCode).toBe(400);
    expect((await search({ skip: -1 })).statusCode).toBe(400);
    const monitor = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'] }));
    expect((await post('/rest/users/search', {}, monitor)).statusCode).toBe(403);
    expect((await post('/rest/users/search', {}, {})).statusCode).toBe(401);
  });
});

describe('POST /rest/roles/search', () => {
  it('answers the role tree by organisation type, geen and Overig last', async () => {
    const response = await post('/rest/roles/search', {});
    expect(response.statusCode).toBe(200);
    const groups = response.json().items as { organisatieType: string; roles: { name: string; optional: boolean }[] }[];
    expect(groups.map((group) => group.organisatieType)).toEqual([
      'Aannemer',
      'Netbeheerder',
      'Gedelegeerd netbeheerder',
      'Combi',
      'Medewerker Mijn Aansluiting',
      'Beheerder',
      'Implementatie partner',
      'geen',
      'Overig',
    ]);
    expect(groups[0]!.roles.slice(0, 3)).toMatchObject([
      { name: 'Coordinerende Aannemer', optional: false },
      { name: 'Uitvoerende Aannemer', optional: false },
      { name: 'Beheer connectiviteit', optional: true },
    ]);
    expect(groups.at(-1)!.roles.map((role) => role.name)).toContain('Beheer User Viewers');
  });

  it('describes a role several groups share with the group it is listed under', async () => {
    const groups = (await post('/rest/roles/search', {})).json().items as {
      organisatieType: string;
      roles: { name: string; description: string }[];
    }[];
    const described = (type: string, role: string) =>
      groups.find((group) => group.organisatieType === type)?.roles.find((r) => r.name === role)?.description;
    expect(described('Netbeheerder', 'Beheer connectiviteit')).toBe('Optionele rol Netbeheerder');
    expect(described('Aannemer', 'Beheer connectiviteit')).toBe('Optionele rol Aannemer');
    expect(described('Implementatie partner', 'Uitval Beheren')).toBe('Optionele rol Implementatie partner');
  });
});

describe('POST /rest/users/autosuggest', () => {
  it('suggests organisations and e-mail addresses for more than 3 characters', async () => {
    const response = await post('/rest/users/autosuggest', { text: '  noord ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { v: 'Netbeheer_Noord', k: 'organisatie' },
      { v: 'netbeheer@noord.example', k: 'email' },
    ]);
    const short = await post('/rest/users/autosuggest', { text: ' noo ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].field).toBe('text');
  });
});

describe('POST /rest/users/roles', () => {
  const userid = async (email: string) =>
    (await search({ filters: [{ name: 'search', value: email }] })).json().items[0].userid as string;

  it('changes the roles within the organisation type’s group, audited', async () => {
    const id = await userid('netbeheer@zuid.example');
    const roles = ['Netbeheerder', 'Business rules Concept Bewerken', 'Uitval Beheren'];
    const response = await post('/rest/users/roles', { user: id, roles }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().roles.map((role: { name: string }) => role.name)).toEqual(roles);
    expect((await search({ filters: [{ name: 'roles', value: 'Uitval Beheren' }] })).json().items).toContainEqual(
      expect.objectContaining({ email: 'netbeheer@zuid.example' }),
    );
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'user.roles'));
    expect(audit).toMatchObject({
      actor: 'users@knooppunt.example',
      subjectId: 'netbeheer@zuid.example',
      after: roles,
    });
  });

  it('refuses roles of another group, a missing main role, an unknown user and callers without the right', async () => {
    const id = await userid('aannemer@alfa.example');
    const wrong = await post(
      '/rest/users/roles',
      { user: id, roles: ['Coordinerende Aannemer', 'Netbeheerder'] },
      admin,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { field: 'roles', message: "De rol 'Netbeheerder' hoort niet bij organisaties van het type Aannemer" },
    ]);
    const noMain = await post('/rest/users/roles', { user: id, roles: ['Uitval Beheren'] }, admin);
    expect(noMain.json().details).toEqual([{ field: 'roles', message: 'Kies een rol' }]);
    const two = await post(
      '/rest/users/roles',
      { user: id, roles: ['Coordinerende Aannemer', 'Uitvoerende Aannemer'] },
      admin,
    );
    expect(two.statusCode).toBe(400);
    expect((await post('/rest/users/roles', { user: 'onbekend', roles: [] }, admin)).statusCode).toBe(404);
    expect((await post('/rest/users/roles', { user: id, roles: ['Coordinerende Aannemer'] }, viewer)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /rest/users and the set-password link', () => {
  const create = (body: object, headers = admin) => post('/rest/users', body, headers);

  it('creates a user without a password, with metadata from the organisation and a one-time link', async () => {
    const response = await create({
      email: '  Nieuw@Noord.example ',
      organisatie: 'Netbeheer_Noord',
      roles: ['Netbeheerder', 'Uitval Beheren'],
      metadata: { combi: 'verzonnen', deelnemer: 'Verzonnen' },
      userid: 'zelf-gekozen',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      email: 'Nieuw@Noord.example',
      organisatie: 'Netbeheer_Noord',
      metadata: { deelnemer: 'Netbeheer_Noord' },
      roles: [{ name: 'Netbeheerder' }, { name: 'Uitval Beheren' }],
    });
    expect(created.userid).not.toBe('zelf-gekozen');
    expect(created.metadata).not.toHaveProperty('combi');
    const link = new URL(created.setPasswordUrl);
    expect(link.pathname).toMatch(/^\/account\/wachtwoord\/[\w-]{40,}$/);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, created.userid));
    expect(row?.passwordHash).toBeNull();
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
    expect(audit).toMatchObject({ actor: 'users@knooppunt.example', subjectId: 'Nieuw@Noord.example' });

    const page = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wachtwoord instellen');
    // The rule stands under the field before anything is submitted, tied to it (issue 29).
    expect(page.body).toMatch(/<input id="password"[^>]*aria-describedby="password-rule"/);
    expect(page.body).toMatch(new RegExp(`<p id="password-rule"[^>]*>Ten minste ${PASSWORD_MIN} tekens\\.`));
    const form = (password: string, repeat = password) =>
      t.app.inject({ method: 'POST', url: link.pathname, payload: { password, repeat }, headers: {} });
    expect((await form('kort')).statusCode).toBe(400);
    expect((await form('lang-genoeg-1', 'anders-dan-dat')).statusCode).toBe(400);
    const set = await form('lang-genoeg-wachtwoord');
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain('Wachtwoord ingesteld');
    const [after] = await t.app.db.select().from(users).where(eq(users.id, created.userid));
    expect(await verifyPassword('lang-genoeg-wachtwoord', after!.passwordHash)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(410);
    expect((await form('nog-een-wachtwoord')).statusCode).toBe(410);
    expect(
      (await t.app.inject({ method: 'GET', url: '/account/wachtwoord/verzonnen-token-van-voldoende-lengte' }))
        .statusCode,
    ).toBe(410);
  });

  it('refuses a duplicate e-mail (409) and each invalid field (400)', async () => {
    expect(
      (await create({ email: 'NETBEHEER@noord.example', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] }))
        .statusCode,
    ).toBe(409);
    const cases: [object, string][] = [
      [{ email: 'geen-adres', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] }, 'email'],
      [{ email: `${'a'.repeat(96)}@x.nl`, organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] }, 'email'],
      [{ email: 'a@b.nl', organisatie: 'Bestaat_Niet', roles: ['Netbeheerder'] }, 'organisatie'],
      [{ email: 'a@b.nl', organisatie: 'Netbeheer_Noord', roles: ['Uitval Beheren'] }, 'roles'],
      [{ email: 'a@b.nl', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder', 'Coordinerende Aannemer'] }, 'roles'],
      [
        { email: 'a@b.nl', organisatie: 'Gedelegeerd_Netbeheer_Kust', roles: ['Gedelegeerd Netbeheerder'] },
        'metadata.delegerende',
      ],
      [
        {
          email: 'a@b.nl',
          organisatie: 'Gedelegeerd_Netbeheer_Kust',
          roles: ['Gedelegeerd Netbeheerder'],
          metadata: { delegerende: 'Netbeheer_West' },
        },
        'metadata.delegerende',
      ],
      [
        {
          email: 'a@b.nl',
          organisatie: 'Netbeheer_Noord',
          roles: ['Netbeheerder'],
          metadata: { delegerende: 'Netbeheer_Zuid' },
        },
        'metadata.delegerende',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await create(body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(
      (await create({ email: 'a@b.nl', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] }, viewer)).statusCode,
    ).toBe(403);
  });

  it('stores the chosen delegerende of a Gedelegeerd Netbeheerder', async () => {
    const response = await create({
      email: 'kust@kust.example',
      organisatie: 'Gedelegeerd_Netbeheer_Kust',
      roles: ['Gedelegeerd Netbeheerder'],
      metadata: { delegerende: 'Netbeheer_Zuid' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().metadata).toEqual({
      deelnemer: 'Gedelegeerd_Netbeheer_Kust',
      delegerende: 'Netbeheer_Zuid',
    });
  });
});

describe('POST /rest/admin/synchronize', () => {
  it('removes provider state of accounts that no longer exist and reports users without a password', async () => {
    await t.app.db.insert(oidcPayloads).values({
      model: 'Session',
      id: 'verweesde-sessie',
      payload: { accountId: '00000000-0000-4000-8000-000000000000' },
    });
    await post(
      '/rest/users',
      { email: 'wacht@noord.example', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] },
      admin,
    );
    const response = await post('/rest/admin/synchronize', {}, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().verwijderd).toBe(1);
    expect(response.json().meldingen[0]).toContain('wacht@noord.example');
    expect(await t.app.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 'verweesde-sessie'))).toEqual([]);
    expect((await post('/rest/admin/synchronize', {}, viewer)).statusCode).toBe(403);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'users.synchronize'));
    expect(audit?.after).toMatchObject({ verwijderd: 1 });
  });
});

describe('rights of the user calls', () => {
  it('lets the super role manage users with Gebruikers Beheren, and not without it', async () => {
    const superAdmin = bearer(
      await tokenFor(t, { roles: ['Beheer ziet alles', 'Gebruikers Beheren'], email: 'beheer@knooppunt.example' }),
    );
    const superViewer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'] }));
    const body = { email: 'super@noord.example', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] };
    expect((await post('/rest/users', body, superViewer)).statusCode).toBe(403);
    expect((await post('/rest/admin/synchronize', {}, superViewer)).statusCode).toBe(403);
    expect((await post('/rest/users', body, superAdmin)).statusCode).toBe(201);
    expect((await post('/rest/admin/synchronize', {}, superAdmin)).statusCode).toBe(200);
  });

  it('answers 401 to every call without a token and 403 without the view right', async () => {
    const none = bearer(await tokenFor(t, { roles: ['geen'] }));
    const calls: [string, object][] = [
      ['/rest/users/search', {}],
      ['/rest/roles/search', {}],
      ['/rest/users/autosuggest', { text: 'noord' }],
      ['/rest/users/roles', { user: 'x', roles: ['Netbeheerder'] }],
      ['/rest/users', { email: 'a@b.nl', organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] }],
      ['/rest/admin/synchronize', {}],
    ];
    for (const [url, body] of calls) {
      expect((await post(url, body, {})).statusCode, url).toBe(401);
      expect((await post(url, body, none)).statusCode, url).toBe(403);
    }
  });
});
