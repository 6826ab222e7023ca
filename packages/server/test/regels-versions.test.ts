import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REGELS_TEXTS, dutchToday } from '@knooppunt/domain';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { scenarioBasedOn } from './support/based-on';
import { patternDates } from '../src/modules/regels/calendar';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const WERK = {
  aansluiting: 'Nieuw',
  binnenwerk: 'Nee',
  meter: 'Plaatsen',
  typeAansluiting: '3x25A',
  fysiekeStatus: 'In bedrijf',
  wijzigenCapaciteit: 'Nee',
};

let t: TestApp;
let noord: Record<string, string>;
let zuid: Record<string, string>;
let west: Record<string, string>;
let zoeker: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const editor = ['Netbeheerder', 'Business rules Concept Bewerken'];
  noord = bearer(await tokenFor(t, { roles: editor, deelnemer: 'Netbeheer_Noord' }));
  zuid = bearer(await tokenFor(t, { roles: editor, deelnemer: 'Netbeheer_Zuid' }));
  west = bearer(await tokenFor(t, { roles: editor, deelnemer: 'Netbeheer_West' }));
  zoeker = bearer(await tokenFor(t, { roles: ['Business rules Zoeken'], deelnemer: 'Aannemer_Alfa' }));
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** The day before a yyyy-mm-dd date. */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** PATCH /rest/rules/{id}, built on the scenario as it is now. */
const patchRule = async (id: string, headers: Headers, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/rest/rules/${id}`,
    headers,
    payload: { ...body, basedOn: await scenarioBasedOn(t, id) },
  });
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const publish = (body: object, headers: Headers = noord) => inject('POST', '/rest/version', headers, body);
const scenario = async (omschrijving: string, werk: Partial<typeof WERK>, headers: Headers = noord) => {
  const response = await inject('POST', '/rest/rules', headers, {
    omschrijving,
    berichtVersie: '2.0',
    discipline: 'Elektra',
    werkzaamheden: { ...WERK, ...werk },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id as string;
};

describe('versions', () => {
  it('answers the reference data with the effective-date calendar', async () => {
    const response = await inject('GET', '/rest/lookup', zoeker);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      berichtVersies: ['1.36', '2.0'],
      disciplines: ['Elektra', 'Gas', 'Water', 'Glas', 'CAI', 'Koper', 'Riool'],
      netbeheerders: expect.arrayContaining(['Netbeheer_Noord', 'Netbeheer_Zuid']),
    });
    // The spec's dates are kept, and the calendar goes on past today (decision 0030).
    const { ingangsdatums } = response.json() as { ingangsdatums: Record<string, string[]> };
    const today = dutchToday();
    expect(ingangsdatums['1.36']!.slice(0, 2)).toEqual(['2024-12-02', '2025-03-03']);
    expect(ingangsdatums['2.0']!.slice(0, 3)).toEqual(['2025-05-23', '2025-09-01', '2025-12-01']);
    for (const dates of Object.values(ingangsdatums)) {
      expect(dates.filter((date) => date >= today).length).toBeGreaterThanOrEqual(8);
      expect(dates.at(-1)! > `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`).toBe(true);
    }
    expect(response.json().werkzaamheden.binnenwerk).toEqual(['Ja', 'Nee']);
    expect((await inject('GET', '/rest/lookup', {})).statusCode).toBe(401);
  });

  it('the calendar is data: a new date is allowed without a code change', async () => {
    await t.app.db.execute(sql`insert into ingangsdatums values ('1.36', '2026-01-05')`);
    const response = await inject('GET', '/rest/lookup', zoeker);
    expect(response.json().ingangsdatums['1.36'].slice(0, 3)).toEqual(['2024-12-02', '2025-03-03', '2026-01-05']);
    await t.app.db.execute(sql`delete from ingangsdatums where datum = '2026-01-05'`);
  });

  it('publishes the concepts as numbered versions, compares them, and keeps published ones unchanged', async () => {
    const kept = await scenario('Blijft', { meter: 'Wisselen' });
    const changed = await scenario('Verandert', { meter: 'Verwijderen' });
    const removed = await scenario('Verdwijnt', { meter: 'Geen' });
    const [sooner, later] = patternDates(dutchToday());
    const first = await publish({ berichtVersie: '2.0', omschrijving: 'Eerste versie', ingangsdatum: sooner });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ versie: 1, netbeheerder: 'Netbeheer_Noord', ingangsdatum: sooner });

    await patchRule(changed, noord, { id: 'elektra-tg-fotos', verplichting: 'Ja' });
    await patchRule(kept, noord, { omschrijving: 'Blijft (hernoemd)' });
    await inject('DELETE', `/rest/rules/${removed}`, noord);
    const added = await scenario('Nieuw erbij', { aansluiting: 'Wijzigen' });
    const second = await publish({ berichtVersie: '2.0', omschrijving: 'Tweede versie', ingangsdatum: later });
    expect(second.json()).toMatchObject({ versie: 2 });

    const list = await inject(
      'GET',
      '/rest/version?berichtVersie=2.0&netbeheerder=Netbeheer_Noord&sortBy=versie&sortDirection=desc',
      zoeker,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((v: { versie: number }) => v.versie)).toEqual([2, 1]);

    const compared = await inject('GET', `/rest/version/${second.json()._id}/compare/${first.json()._id}`, zoeker);
    expect(compared.statusCode).toBe(200);
    type Row = {
      _id: [string | null, string | null];
      omschrijving: [string | null, string | null];
      verschil: string | null;
    };
    const rows = compared.json().items as Row[];
    expect(compared.json().count).toBe(4);
    // Spec 001 §3: _id and omschrijving as pairs [compared, current], null where a side has none.
    const byName = (name: string) => rows.find((row) => row.omschrijving.includes(name));
    expect(rows.map((row) => [row.omschrijving, row.verschil])).toEqual(
      expect.arrayContaining([
        [['Blijft', 'Blijft (hernoemd)'], null],
        [['Verandert', 'Verandert'], 'gewijzigd'],
        [['Verdwijnt', null], 'verwijderd'],
        [[null, 'Nieuw erbij'], 'toegevoegd'],
      ]),
    );
    const inFirst = (await inject('GET', `/rest/rules?versie=1&netbeheerder=Netbeheer_Noord`, zoeker)).json().items;
    const inSecond = (await inject('GET', `/rest/rules?versie=2&netbeheerder=Netbeheer_Noord`, zoeker)).json().items;
    const idOf = (items: { _id: string; omschrijving: string }[], name: string) =>
      items.find((item) => item.omschrijving === name)?._id;
    expect(byName('Verandert')?._id).toEqual([idOf(inFirst, 'Verandert'), idOf(inSecond, 'Verandert')]);
    expect(byName('Blijft')?._id).toEqual([idOf(inFirst, 'Blijft'), idOf(inSecond, 'Blijft (hernoemd)')]);
    expect(byName('Verdwijnt')?._id).toEqual([idOf(inFirst, 'Verdwijnt'), null]);
    expect(byName('Nieuw erbij')?._id).toEqual([null, idOf(inSecond, 'Nieuw erbij')]);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        '_id',
        'berichtVersie',
        'changed',
        'created',
        'discipline',
        'netbeheerder',
        'omschrijving',
        'verschil',
        'versie',
        'werkzaamheden',
      ].sort(),
    );
    const page = await inject(
      'GET',
      `/rest/version/${second.json()._id}/compare/${first.json()._id}?skip=3&limit=2&sortBy=omschrijving`,
      zoeker,
    );
    expect(page.json()).toMatchObject({ count: 4, items: [{ omschrijving: ['Verdwijnt', null] }] });

    // Published scenarios are readable by searchers and never change.
    const published = await inject('GET', `/rest/rules?versie=1&netbeheerder=Netbeheer_Noord`, zoeker);
    expect(published.json().count).toBe(3);
    const publishedId = published.json().items[0]._id;
    expect((await patchRule(publishedId, noord, { omschrijving: 'Nee' })).statusCode).toBe(409);
    expect((await inject('DELETE', `/rest/rules/${publishedId}`, noord)).statusCode).toBe(409);
    expect((await inject('GET', `/rest/rules/${publishedId}`, zoeker)).statusCode).toBe(200);
    // Concepts stay editable.
    expect((await patchRule(added, noord, { omschrijving: 'Nog steeds concept' })).statusCode).toBe(200);
  });

  it('publishes with an effective date still ahead', async () => {
    await scenario('Voor later', { meter: 'Wisselen' }, zuid);
    const ahead = patternDates(dutchToday()).at(-1)!;
    const response = await publish({ berichtVersie: '2.0', omschrijving: 'Toekomst', ingangsdatum: ahead }, zuid);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ netbeheerder: 'Netbeheer_Zuid', ingangsdatum: ahead });
  });

  it('refuses an effective date before today, also one the calendar shows, and takes today itself', async () => {
    await scenario('Voor West', { meter: 'Wisselen' }, west);
    const today = dutchToday();
    for (const passed of ['2025-05-23', dayBefore(today)]) {
      const response = await publish({ berichtVersie: '2.0', omschrijving: 'Te laat', ingangsdatum: passed }, west);
      expect(response.statusCode, passed).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'ingangsdatum', message: 'De ingangsdatum ligt in het verleden; kies een datum vanaf vandaag' },
      ]);
    }
    const published = await inject('GET', '/rest/version?netbeheerder=Netbeheer_West', zoeker);
    expect(published.json().count).toBe(0);

    await t.app.db.execute(sql`insert into ingangsdatums values ('2.0', ${today}::date)`);
    const onToday = await publish({ berichtVersie: '2.0', omschrijving: 'Vandaag', ingangsdatum: today }, west);
    await t.app.db.execute(sql`delete from ingangsdatums where bericht_versie = '2.0' and datum = ${today}::date`);
    expect(onToday.statusCode, onToday.body).toBe(201);
  });

  it('refuses a date outside the calendar, nothing to publish, bad input and the wrong caller', async () => {
    const [ahead] = patternDates(dutchToday());
    // Ahead, but no date of the 1.36 calendar.
    const offPattern = `${Number(dutchToday().slice(0, 4)) + 1}-05-23`;
    const wrongDate = await publish({ berichtVersie: '1.36', omschrijving: 'X', ingangsdatum: offPattern });
    expect(wrongDate.statusCode).toBe(400);
    expect(wrongDate.json().details).toEqual([{ field: 'ingangsdatum', message: REGELS_TEXTS.ingangsdatum }]);
    const nothing = await publish({ berichtVersie: '1.36', omschrijving: 'X', ingangsdatum: ahead }, zuid);
    expect(nothing.statusCode).toBe(409);
    expect((await publish({ berichtVersie: '2.0', omschrijving: '', ingangsdatum: '2025-05-23' })).statusCode).toBe(
      400,
    );
    expect((await publish({ berichtVersie: '2.0', omschrijving: 'X', ingangsdatum: 'morgen' })).statusCode).toBe(400);
    // A date past the calendar's two years ahead, or not on its pattern, is refused.
    const farAway = `${Number(dutchToday().slice(0, 4)) + 5}-03-06`;
    expect((await publish({ berichtVersie: '2.0', omschrijving: 'X', ingangsdatum: farAway })).statusCode).toBe(400);
    expect(
      (await publish({ berichtVersie: '2.0', omschrijving: 'X', ingangsdatum: '2025-05-23' }, zoeker)).statusCode,
    ).toBe(403);
    expect(
      (await publish({ berichtVersie: '2.0', omschrijving: 'X', ingangsdatum: '2025-05-23' }, {})).statusCode,
    ).toBe(401);
    expect((await inject('GET', `/rest/version/${UNKNOWN}/compare/${UNKNOWN}`, zoeker)).statusCode).toBe(404);
    expect((await inject('GET', '/rest/version/x/compare/y', zoeker)).statusCode).toBe(404);
    expect((await inject('GET', '/rest/version?sortBy=kleur', zoeker)).statusCode).toBe(400);
    expect((await inject('GET', '/rest/version', {})).statusCode).toBe(401);
  });
});
