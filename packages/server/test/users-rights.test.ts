import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleProblems } from '@knooppunt/domain';
import { DEMO_ORGANISATIONS, DEMO_USERS } from '../src/demo/data';
import { auditLog, users } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/** Decision 0014: who may see and manage whose users, and which roles they may grant. */

let t: TestApp;
let platform: Record<string, string>;
let staff: Record<string, string>;
let noordManager: Record<string, string>;
const ids = new Map<string, string>();

const USER_MANAGER = ['Beheer User Viewers', 'Beheer User Beheer'];
const PLATFORM_ADMIN = DEMO_USERS.find((user) => user.email === 'beheer@knooppunt.example')!;

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.app.db.select({ id: users.id, email: users.email }).from(users)) ids.set(row.email, row.id);
  platform = bearer(
    await tokenFor(t, { roles: PLATFORM_ADMIN.roles, email: PLATFORM_ADMIN.email, sub: ids.get(PLATFORM_ADMIN.email) }),
  );
  staff = bearer(
    await tokenFor(t, {
      roles: USER_MANAGER,
      email: 'users@knooppunt.example',
      sub: ids.get('users@knooppunt.example'),
    }),
  );
  // A user manager of a participant, as an external provider could issue it.
  noordManager = bearer(
    await tokenFor(t, { roles: USER_MANAGER, deelnemer: 'Netbeheer_Noord', email: 'gebruikers@noord.example' }),
  );
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const changeRoles = (email: string, roles: string[], headers: Record<string, string>) =>
  post('/rest/users/roles', { user: ids.get(email), roles }, headers);
const create = (organisatie: string, roles: string[], headers: Record<string, string>, email = uniqueEmail()) =>
  post('/rest/users', { email, organisatie, roles }, headers);
let sequence = 0;
const uniqueEmail = () => `nieuw${++sequence}@rechten.example`;

const rolesOf = async (email: string) =>
  (await t.app.db.select({ roles: users.roles }).from(users).where(eq(users.email, email)))[0]?.roles;
/** What a refusal must leave as it was: every user's roles and the audit log. */
const snapshot = async () => ({
  users: await t.app.db.select({ email: users.email, roles: users.roles }).from(users).orderBy(users.email),
  audit: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
});

describe('the demo accounts', () => {
  it("hold roles that the validation accepts for their organisation's type", () => {
    for (const user of DEMO_USERS) {
      const organisation = DEMO_ORGANISATIONS.find((candidate) => candidate.organisatie === user.organisatie)!;
      expect(roleProblems(organisation.type, user.roles), user.email).toEqual([]);
    }
  });
});

describe('nobody changes their own roles', () => {
  it('refuses with 403 by the userid (token subject) and by the e-mail address, and writes nothing', async () => {
    const before = await snapshot();
    const own = await changeRoles('users@knooppunt.example', ['Beheer ziet alles', 'Gebruikers Beheren'], staff);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('U kunt uw eigen rollen niet wijzigen.');
    // An external provider's subject is not our userid: the e-mail address decides.
    const byEmail = bearer(
      await tokenFor(t, { roles: USER_MANAGER, email: 'USERS@knooppunt.example', sub: 'extern-123' }),
    );
    expect((await changeRoles('users@knooppunt.example', ['Beheer Monitoring'], byEmail)).statusCode).toBe(403);
    const admin = await changeRoles(PLATFORM_ADMIN.email, ['Beheer ziet alles'], platform);
    expect(admin.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the operator's staff user manager (users@, no super role)", () => {
  it('manages the participants’ users with their groups’ roles', async () => {
    const response = await changeRoles('netbeheer@zuid.example', ['Netbeheerder', 'Uitval Beheren'], staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(await rolesOf('netbeheer@zuid.example')).toEqual(['Netbeheerder', 'Uitval Beheren']);
    expect((await create('Aannemer_Beta', ['Uitvoerende Aannemer'], staff)).statusCode).toBe(201);
  });

  it('grants no privileged role, creates no user in Knooppunt_Beheer and touches none of its users', async () => {
    const before = await snapshot();
    const privileged = await changeRoles('netbeheer@zuid.example', ['Netbeheerder', 'Beheer User Beheer'], staff);
    expect(privileged.statusCode).toBe(403);
    expect(privileged.json().message).toBe("U mag de rol 'Beheer User Beheer' niet toekennen of intrekken.");
    const superRole = await create('Netbeheer_Noord', ['Beheer ziet alles'], staff);
    expect(superRole.statusCode).toBe(403);
    expect(superRole.json().message).toContain("'Beheer ziet alles'");
    const inOperator = await create('Knooppunt_Beheer', ['Beheer ziet alles', 'Gebruikers Beheren'], staff);
    expect(inOperator.statusCode).toBe(403);
    expect(inOperator.json().message).toBe('U mag geen gebruikers van organisatie Knooppunt_Beheer beheren.');
    expect((await create('Knooppunt_Beheer', ['Beheer Monitoring'], staff)).statusCode).toBe(403);
    const monitor = await changeRoles('monitor@knooppunt.example', ['Beheer Monitoring'], staff);
    expect(monitor.statusCode).toBe(403);
    expect(monitor.json().message).toBe('U mag geen gebruikers van organisatie Knooppunt_Beheer beheren.');
    expect(await snapshot()).toEqual(before);
  });

  it('sees every organisation’s users and may synchronise', async () => {
    const page = await post('/rest/users/search', { limit: 100 }, staff);
    expect(page.json().items.map((user: { organisatie: string }) => user.organisatie)).toEqual(
      expect.arrayContaining(['Knooppunt_Beheer', 'Netbeheer_Noord', 'Aannemer_Alfa']),
    );
    expect((await post('/rest/admin/synchronize', {}, staff)).statusCode).toBe(200);
  });
});

describe("a participant's user manager (deelnemer Netbeheer_Noord)", () => {
  it('sees only its own organisation’s users in the search, the autosuggest and the roles in use', async () => {
    const page = await post('/rest/users/search', { limit: 100 }, noordManager);
    expect(page.statusCode).toBe(200);
    const organisations = new Set(page.json().items.map((user: { organisatie: string }) => user.organisatie));
    expect([...organisations]).toEqual(['Netbeheer_Noord']);
    expect(page.json().count).toBe(page.json().items.length);
    const other = await post(
      '/rest/users/search',
      { filters: [{ name: 'organisatie', value: 'Netbeheer_Zuid' }] },
      noordManager,
    );
    expect(other.json()).toMatchObject({ items: [], count: 0 });

    const suggestions = (await post('/rest/users/autosuggest', { text: 'example' }, noordManager)).json();
    expect(suggestions.length).toBeGreaterThan(0);
    for (const option of suggestions as { v: string; k: string }[]) {
      expect(option.k === 'organisatie' ? option.v : option.v.endsWith('@noord.example'), option.v).toBeTruthy();
      if (option.k === 'organisatie') expect(option.v).toBe('Netbeheer_Noord');
    }

    const overig = async (headers: Record<string, string>) =>
      (
        (await post('/rest/roles/search', {}, headers)).json().items as {
          organisatieType: string;
          roles: { name: string }[];
        }[]
      )
        .find((group) => group.organisatieType === 'Overig')!
        .roles.map((role) => role.name);
    expect(await overig(staff)).toContain('Beheer Monitoring');
    expect(await overig(noordManager)).not.toContain('Beheer Monitoring');
  });

  it('creates and changes users of its own organisation only, with unprivileged roles, and may not synchronise', async () => {
    const created = await create('Netbeheer_Noord', ['Netbeheerder'], noordManager);
    expect(created.statusCode, created.body).toBe(201);
    const changed = await changeRoles('netbeheer@noord.example', ['Netbeheerder', 'Uitval Beheren'], noordManager);
    expect(changed.statusCode, changed.body).toBe(200);

    const before = await snapshot();
    const elsewhere = await create('Netbeheer_Zuid', ['Netbeheerder'], noordManager);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('U mag geen gebruikers van organisatie Netbeheer_Zuid beheren.');
    expect((await create('Knooppunt_Beheer', ['Beheer ziet alles'], noordManager)).statusCode).toBe(403);
    // A user outside its view answers as a missing one: no enumeration.
    const zuid = await changeRoles('netbeheer@zuid.example', ['Netbeheerder'], noordManager);
    expect(zuid.statusCode).toBe(404);
    expect(zuid.json().message).toBe('Gebruiker niet gevonden');
    expect((await changeRoles('beheer@knooppunt.example', ['geen'], noordManager)).statusCode).toBe(404);
    const privileged = await changeRoles(
      'netbeheer@noord.example',
      ['Netbeheerder', 'Beheer User Viewers'],
      noordManager,
    );
    expect(privileged.statusCode).toBe(403);
    const sync = await post('/rest/admin/synchronize', {}, noordManager);
    expect(sync.statusCode).toBe(403);
    expect(sync.json().message).toBe(
      'Synchroniseren geldt voor alle organisaties: alleen medewerkers van het platform mogen dat.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('as a viewer of a participant, sees only its own organisation too', async () => {
    const viewer = bearer(await tokenFor(t, { roles: ['Beheer User Viewers'], deelnemer: 'Aannemer_Alfa' }));
    const page = await post('/rest/users/search', { limit: 100 }, viewer);
    expect(page.json().items.map((user: { email: string }) => user.email)).toEqual(['aannemer@alfa.example']);
    const noDeelnemer = bearer(await tokenFor(t, { roles: ['Beheer User Viewers'], deelnemer: '' }));
    expect((await post('/rest/users/search', {}, noDeelnemer)).json().count).toBe(0);
  });
});

describe('the platform administrator (super role with Gebruikers Beheren)', () => {
  it('creates users with privileged roles in Knooppunt_Beheer and changes every organisation’s users', async () => {
    const email = uniqueEmail();
    const created = await create('Knooppunt_Beheer', ['Beheer ziet alles', 'Gebruikers Beheren'], platform, email);
    expect(created.statusCode, created.body).toBe(201);
    const staffUser = await create('Knooppunt_Beheer', ['Beheer Monitoring', 'Beheer User Viewers'], platform);
    expect(staffUser.statusCode, staffUser.body).toBe(201);
    const granted = await changeRoles('monitor@knooppunt.example', ['Beheer ziet alles', 'Testtool Beheren'], platform);
    expect(granted.statusCode, granted.body).toBe(200);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'user.roles' and ${auditLog.subjectId} = 'monitor@knooppunt.example'`);
    expect(audit).toMatchObject({
      actor: 'beheer@knooppunt.example',
      after: ['Beheer ziet alles', 'Testtool Beheren'],
    });
  });

  it('sets every other demo account’s roles back to what the demo gives it', async () => {
    for (const user of DEMO_USERS.filter((candidate) => candidate !== PLATFORM_ADMIN)) {
      const response = await changeRoles(user.email, user.roles, platform);
      expect(response.statusCode, `${user.email}: ${response.body}`).toBe(200);
      expect(await rolesOf(user.email)).toEqual(user.roles);
    }
  });

  it('is refused roles that do not fit the operator’s role model, naming the role', async () => {
    const mixed = await changeRoles('monitor@knooppunt.example', ['Beheer ziet alles', 'Beheer Monitoring'], platform);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details).toEqual([
      { field: 'roles', message: "De rol 'Beheer Monitoring' gaat niet samen met de rol 'Beheer ziet alles'" },
    ]);
  });
});
