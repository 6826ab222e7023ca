import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BERICHTEN, dutchToday } from '@knooppunt/domain';
import { seedDemoRules } from '../src/demo/seed-regels';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let zoeker: Record<string, string>;
const systems: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ DEMO_RULES: '1' });
  zoeker = bearer(await tokenFor(t, { roles: ['Business rules Zoeken', 'Business rules Concept Bekijken'] }));
  for (const deelnemer of ['Netbeheer_Noord', 'Aannemer_Alfa']) {
    systems[deelnemer] = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: zoeker });

describe('the demo rule book', () => {
  it('has two published versions per netbeheerder whose comparison shows every kind of difference', async () => {
    const versions = await get('/rest/version?netbeheerder=Netbeheer_Noord&sortBy=versie');
    expect(
      versions.json().items.map((v: { versie: number; ingangsdatum: string }) => [v.versie, v.ingangsdatum]),
    ).toEqual([
      [1, '2025-05-23'],
      [2, '2025-09-01'],
    ]);
    expect((await get('/rest/version')).json().count).toBe(6);
    const [first, second] = versions.json().items;
    const compared = await get(`/rest/version/${second._id}/compare/${first._id}`);
    const kinds = compared
      .json()
      .items.map((row: { verschil: string | null }) => row.verschil)
      .sort();
    expect(kinds).toEqual(['gewijzigd', 'toegevoegd', 'verwijderd', null].sort());
    const renamed = compared.json().items.find((row: { verschil: string | null }) => row.verschil === null);
    expect(renamed.omschrijving[0]).not.toBe(renamed.omschrijving[1]);
    expect((await get('/rest/rules?versie=draft&netbeheerder=Netbeheer_Noord')).json().count).toBe(4);
    expect((await get('/rest/waardenlijst')).json().count).toBe(6);
  });

  it('publishes each version weeks before it takes effect, the newest in force today', async () => {
    const versions = await get('/rest/version?sortBy=versie&limit=100');
    type Shown = { versie: number; created: string; ingangsdatum: string };
    const items = versions.json().items as Shown[];
    expect(new Set(items.map((v) => [v.versie, v.created.slice(0, 10), v.ingangsdatum].join(' ')))).toEqual(
      new Set(['1 2025-04-28 2025-05-23', '2 2025-08-04 2025-09-01']),
    );
    const today = dutchToday();
    for (const version of items) expect(version.ingangsdatum <= today).toBe(true);
  });

  it('is seeded once', async () => {
    await seedDemoRules(t.app.db);
    expect((await get('/rest/version')).json().count).toBe(6);
  });

  it('lets the demo’s own TG through its scenario in force', async () => {
    const submit = (from: string, bericht: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/berichten', headers: systems[from], payload: bericht });
    const opdracht = { ...EXAMPLE_BERICHTEN.Opdracht, opdrachtId: 'DEMO-R1' };
    opdracht.data = { ...opdracht.data, opdrachtnemer: 'Aannemer_Alfa' };
    expect((await submit('Netbeheer_Noord', opdracht)).statusCode).toBe(202);
    expect((await submit('Aannemer_Alfa', { ...EXAMPLE_BERICHTEN.Planning, opdrachtId: 'DEMO-R1' })).statusCode).toBe(
      202,
    );
    const tg = { ...EXAMPLE_BERICHTEN.TG, opdrachtId: 'DEMO-R1' };
    expect((await submit('Aannemer_Alfa', tg)).statusCode).toBe(202);
  });
});

describe("the demo's deadlines (decision 0063)", () => {
  it("has Netbeheer_Noord's, and two of its orders past one from the start, on either side", async () => {
    const termijnen = (await get('/rest/termijnen/Netbeheer_Noord')).json();
    expect(termijnen.termijnen.map((termijn: { omschrijving: string }) => termijn.omschrijving)).toEqual([
      'AnnuleringGereed binnen 2 werkdagen na Annulering',
      'Planning binnen 5 werkdagen na Opdracht',
      'BeoordelingTG binnen 5 werkdagen na TG',
      'BeoordelingLevering binnen 10 werkdagen na Eindlevering',
    ]);
    const beheer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'] }));
    await t.app.lateOrders.refresh();
    const late = await t.app.inject({
      method: 'POST',
      url: '/rest/management/opdracht/search',
      headers: beheer,
      payload: { filters: [{ name: 'termijnVerlopen', value: true }] },
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(
      late
        .json()
        .items.map((order: { opdrachtId: string }) => order.opdrachtId)
        .sort(),
    ).toEqual(['DEMO-TERMIJN-BEOORDELING', 'DEMO-TERMIJN-PLANNING']);
    const history = await t.app.inject({
      method: 'GET',
      url: '/rest/opdrachten/DEMO-TERMIJN-BEOORDELING/historie',
      headers: beheer,
    });
    expect(
      history
        .json()
        .termijnen.map((termijn: { omschrijving: string; stand: string }) => [termijn.omschrijving, termijn.stand]),
    ).toEqual([
      ['Planning binnen 5 werkdagen na Opdracht', 'op tijd'],
      ['BeoordelingTG binnen 5 werkdagen na TG', 'verlopen'],
    ]);
    expect(history.json().status).toBe(300);
  });
});
