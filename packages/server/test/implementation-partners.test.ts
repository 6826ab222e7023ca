import { eq } from 'drizzle-orm';
import { IMPLEMENTATION_TEXTS, type RunView } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_TEXTS } from '../src/auth/guard';
import { auditLog } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/*
 * Implementation partners (issue 28 item 4, decision 0041): linked by the operator or the
 * participant's own user manager; a partner's user with the matching 'Implementeert voor …' role
 * acts for a linked participant in the Testtool, audited as acting for it, and for no one else.
 */

// The demo links Integra to Aannemer_Alfa; this file links Koppelvlak, and Integra is the other.
const PARTNER = 'Implementatie_Partner_Koppelvlak';
const OTHER_PARTNER = 'Implementatie_Partner_Integra';
let t: TestApp;
let operator: Record<string, string>;

const as = (deelnemer: string, roles: string[]) => tokenFor(t, { deelnemer, roles }).then(bearer);
const link = (headers: Record<string, string>, partner: string, deelnemer: string) =>
  t.app.inject({ method: 'POST', url: '/rest/implementatiepartners', headers, payload: { partner, deelnemer } });
const startRun = (headers: Record<string, string>, deelnemer?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/testtool/runs',
    headers,
    payload: { scenario: 'aansluiting-gereed', ...(deelnemer && { deelnemer }) },
  });

beforeAll(async () => {
  t = await createTestApp();
  operator = await as('Knooppunt_Beheer', ['Beheer ziet alles', 'Gebruikers Beheren']);
});
afterAll(() => t.close());

describe('implementation partners', () => {
  it('are linked by the operator, or by the participant’s own user manager for its own organisation only', async () => {
    const linked = await link(operator, PARTNER, 'Aannemer_Gamma');
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ partner: PARTNER, deelnemer: 'Aannemer_Gamma', type: 'Aannemer' });
    expect((await link(operator, PARTNER, 'Aannemer_Gamma')).statusCode).toBe(409);

    const noordManager = await as('Netbeheer_Noord', ['Netbeheerder', 'Beheer User Beheer']);
    expect((await link(noordManager, PARTNER, 'Netbeheer_Noord')).statusCode).toBe(201);
    const foreign = await link(noordManager, OTHER_PARTNER, 'Aannemer_Gamma');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(IMPLEMENTATION_TEXTS.forbidden);

    const notPartner = await link(operator, 'Aannemer_Beta', 'Aannemer_Gamma');
    expect(notPartner.statusCode).toBe(422);
    expect(notPartner.json().details).toEqual([
      { field: 'partner', message: IMPLEMENTATION_TEXTS.notAPartner('Aannemer_Beta') },
    ]);
    const notImplementable = await link(operator, PARTNER, 'Knooppunt_Beheer');
    expect(notImplementable.json().details[0].field).toBe('deelnemer');

    const listed = await t.app.inject({
      method: 'GET',
      url: `/rest/implementatiepartners?organisatie=${PARTNER}`,
      headers: operator,
    });
    expect(listed.json().items.map((item: { deelnemer: string }) => item.deelnemer)).toEqual([
      'Aannemer_Gamma',
      'Netbeheer_Noord',
    ]);
    // The operator's user manager without the super role links any participant, and so lists any
    // organisation's links; a participant's user manager only its own organisation's.
    const staff = await as('Knooppunt_Beheer', ['Beheer User Viewers', 'Beheer User Beheer']);
    const listedByStaff = await t.app.inject({
      method: 'GET',
      url: `/rest/implementatiepartners?organisatie=${PARTNER}`,
      headers: staff,
    });
    expect(listedByStaff.statusCode, listedByStaff.body).toBe(200);
    expect(listedByStaff.json().items).toHaveLength(2);
    const foreignList = await t.app.inject({
      method: 'GET',
      url: `/rest/implementatiepartners?organisatie=${PARTNER}`,
      headers: noordManager,
    });
    expect(foreignList.statusCode).toBe(403);
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'implementatiepartner.koppelen'));
    expect(audited).toHaveLength(2);
  });

  it('let a partner’s user test a linked participant of its kind, acting for it, and no one else', async () => {
    const forAannemers = await as(PARTNER, ['Testtool Verzenden', 'Implementeert voor Aannemer']);
    const started = await startRun(forAannemers, 'Aannemer_Gamma');
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json() as RunView;
    expect(run).toMatchObject({ deelnemer: 'Aannemer_Gamma', side: 'opdrachtnemer' });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, run.id));
    expect(entry).toMatchObject({ action: 'testrun.start', actorDeelnemer: PARTNER, actingFor: 'Aannemer_Gamma' });

    // Linked, but a netbeheerder: its role names aannemers only.
    expect((await startRun(forAannemers, 'Netbeheer_Noord')).statusCode).toBe(403);
    // Of its kind, but not linked.
    expect((await startRun(forAannemers, 'Aannemer_Beta')).statusCode).toBe(403);
    // Another partner's user, with both roles, is linked to nothing.
    const other = await as(OTHER_PARTNER, ['Testtool Verzenden', 'Implementeert voor Aannemer']);
    expect((await startRun(other, 'Aannemer_Gamma')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/rest/testtool/runs/${run.id}`, headers: other })).statusCode,
    ).toBe(404);

    // It sees the runs of the participants it implements for, the participant its own.
    const list = await t.app.inject({ method: 'GET', url: '/rest/testtool/runs', headers: forAannemers });
    expect((list.json().items as RunView[]).map((item) => item.id)).toContain(run.id);
    const alfa = await as('Aannemer_Gamma', ['Testtool Verzenden']);
    const own = await t.app.inject({ method: 'GET', url: `/rest/testtool/runs/${run.id}`, headers: alfa });
    expect(own.statusCode).toBe(200);

    // Unlinked, it acts for it no more.
    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: `/rest/implementatiepartners/${PARTNER}/Aannemer_Gamma`,
      headers: operator,
    });
    expect(unlinked.statusCode).toBe(204);
    expect((await startRun(forAannemers, 'Aannemer_Gamma')).statusCode).toBe(403);
  });

  it('let a partner’s user work on a linked participant’s configurations and uitval, named in x-namens-deelnemer', async () => {
    expect((await link(operator, PARTNER, 'Aannemer_Beta')).statusCode).toBe(201);
    const user = await as(PARTNER, ['Configuraties Beheren', 'Uitval Beheren', 'Implementeert voor Aannemer']);
    const namens = (deelnemer: string) => ({ ...user, 'x-namens-deelnemer': deelnemer });
    const search = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/rest/management/config/search', headers, payload: { filters: [] } });

    const listed = await search(namens('Aannemer_Beta'));
    expect(listed.statusCode, listed.body).toBe(200);
    const deelnemers = new Set((listed.json().items as { deelnemer: string }[]).map((item) => item.deelnemer));
    expect([...deelnemers]).toEqual(['Aannemer_Beta']);
    // Without the header it is its own organisation.
    const own = (await search(user)).json().items as { deelnemer: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((item) => item.deelnemer === PARTNER)).toBe(true);

    const config = { clientId: 'beta', clientSecret: 'geheim-beta', tokenUrl: 'https://auth.beta.example/token' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/test/rest/management/config',
      headers: namens('Aannemer_Beta'),
      payload: { deelnemer: 'Aannemer_Beta', versienummer: 'h1.0', config },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectType, 'configuration (test)'));
    expect(entry).toMatchObject({ actorDeelnemer: PARTNER, actingFor: 'Aannemer_Beta' });

    const uitval = await t.app.inject({
      method: 'POST',
      url: '/rest/management/message/search',
      headers: namens('Aannemer_Beta'),
      payload: {
        filters: [
          { name: 'versienummer', value: '!h1.0' },
          { name: 'isInError', value: true },
        ],
      },
    });
    expect(uitval.statusCode, uitval.body).toBe(200);

    // Not linked, or linked but of the other kind: refused before anything is read.
    const refused = await search(namens('Aannemer_Gamma'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GUARD_TEXTS.nietNamens('Aannemer_Gamma'));
    expect((await search(namens('Netbeheer_Noord'))).statusCode).toBe(403);
  });

  it('hold only the rights of their acting roles while acting: other roles stay their own organisation’s', async () => {
    // Linked by the test before, or here when this one runs alone.
    expect([201, 409]).toContain((await link(operator, PARTNER, 'Aannemer_Beta')).statusCode);
    // Roles a partner's token might carry beside its acting ones (a user manager's, a rules searcher's).
    const user = await as(PARTNER, ['Configuraties Beheren', 'Implementeert voor Aannemer', 'Beheer User Viewers']);
    const users = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/rest/users/search', headers, payload: { filters: [] } });

    // For its own organisation the role works, and the acting right works for the participant …
    const own = await users(user);
    expect(own.statusCode, own.body).toBe(200);
    const configs = await t.app.inject({
      method: 'POST',
      url: '/rest/management/config/search',
      headers: { ...user, 'x-namens-deelnemer': 'Aannemer_Beta' },
      payload: { filters: [] },
    });
    expect(configs.statusCode, configs.body).toBe(200);
    // … but the participant's users are not the partner's to see.
    const acting = await users({ ...user, 'x-namens-deelnemer': 'Aannemer_Beta' });
    expect(acting.statusCode).toBe(403);
  });
});
