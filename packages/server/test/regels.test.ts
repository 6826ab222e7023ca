import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { scenarioBasedOn } from './support/based-on';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const WERK = {
  aansluiting: 'Nieuw',
  binnenwerk: 'Nee',
  meter: 'Plaatsen',
  typeAansluiting: 'G4',
  fysiekeStatus: 'In bedrijf',
  wijzigenCapaciteit: 'Nee',
};

let t: TestApp;
let noord: Record<string, string>;
let zuid: Record<string, string>;
let viewer: Record<string, string>;
let zoeker: Record<string, string>;
let aannemer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const editor = ['Netbeheerder', 'Business rules Concept Bewerken'];
  noord = bearer(await tokenFor(t, { roles: editor, deelnemer: 'Netbeheer_Noord', email: 'n@noord.example' }));
  zuid = bearer(await tokenFor(t, { roles: editor, deelnemer: 'Netbeheer_Zuid' }));
  viewer = bearer(await tokenFor(t, { roles: ['Business rules Concept Bekijken'], deelnemer: 'Netbeheer_Zuid' }));
  zoeker = bearer(await tokenFor(t, { roles: ['Business rules Zoeken'], deelnemer: 'Aannemer_Alfa' }));
  aannemer = bearer(await tokenFor(t, { roles: ['Business rules Concept Bewerken'], deelnemer: 'Aannemer_Alfa' }));
});
afterAll(() => t.close());

type Headers = Record<string, string>;

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
const create = (body: object, headers: Headers = noord) => inject('POST', '/rest/rules', headers, body);
const newScenario = async (omschrijving: string, werk: Partial<typeof WERK> = {}, discipline = 'Gas') => {
  const response = await create({
    omschrijving,
    berichtVersie: '2.0',
    discipline,
    werkzaamheden: { ...WERK, ...werk },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; tgRules: { id: string; verplichting: string }[] };
};

describe('concept scenarios', () => {
  it('creates a concept for the caller’s netbeheerder with the catalogue’s trees, and reads it back', async () => {
    const created = await newScenario('Nieuwe gasaansluiting', { typeAansluiting: 'G6' });
    expect(created).toMatchObject({
      omschrijving: 'Nieuwe gasaansluiting',
      netbeheerder: 'Netbeheer_Noord',
      berichtVersie: '2.0',
      discipline: 'Gas',
      versie: 'draft',
      werkzaamheden: { ...WERK, typeAansluiting: 'G6' },
      gelijk: 1,
    });
    expect(created.tgRules.map((node) => node.id)).toContain('gas-tg-drukklasse');
    const read = await inject('GET', `/rest/rules/${created._id}`, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, created._id));
    expect(audit).toMatchObject({ action: 'scenario.create', actor: 'n@noord.example' });
  });

  it('refuses a second concept of the same combination (409) and bad input naming the field (400)', async () => {
    await newScenario('Eerste', { meter: 'Wisselen' });
    expect(
      (
        await create({
          omschrijving: 'Tweede',
          berichtVersie: '2.0',
          discipline: 'Gas',
          werkzaamheden: { ...WERK, meter: 'Wisselen' },
        })
      ).statusCode,
    ).toBe(409);
    // Another netbeheerder may have the same combination.
    expect(
      (
        await create(
          {
            omschrijving: 'Zuid',
            berichtVersie: '2.0',
            discipline: 'Gas',
            werkzaamheden: { ...WERK, meter: 'Wisselen' },
          },
          zuid,
        )
      ).statusCode,
    ).toBe(201);
    const cases: [object, string][] = [
      [{ omschrijving: '', berichtVersie: '2.0', discipline: 'Gas', werkzaamheden: WERK }, 'omschrijving'],
      [{ omschrijving: 'x'.repeat(101), berichtVersie: '2.0', discipline: 'Gas', werkzaamheden: WERK }, 'omschrijving'],
      [{ omschrijving: 'A', berichtVersie: '9.9', discipline: 'Gas', werkzaamheden: WERK }, 'berichtVersie'],
      [{ omschrijving: 'A', berichtVersie: '2.0', discipline: 'Stoom', werkzaamheden: WERK }, 'discipline'],
      [
        { omschrijving: 'A', berichtVersie: '2.0', discipline: 'Gas', werkzaamheden: { ...WERK, meter: undefined } },
        'werkzaamheden.meter',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await create(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('lets only a netbeheerder’s editor create, and only with the right', async () => {
    expect(
      (await create({ omschrijving: 'A', berichtVersie: '2.0', discipline: 'Gas', werkzaamheden: WERK }, aannemer))
        .statusCode,
    ).toBe(403);
    expect(
      (await create({ omschrijving: 'A', berichtVersie: '2.0', discipline: 'Gas', werkzaamheden: WERK }, viewer))
        .statusCode,
    ).toBe(403);
    expect(
      (await create({ omschrijving: 'A', berichtVersie: '2.0', discipline: 'Gas', werkzaamheden: WERK }, {}))
        .statusCode,
    ).toBe(401);
  });

  it('lists concepts with filters, sort and paging; concepts only for the concept rights', async () => {
    await newScenario('Water nieuw', {}, 'Water');
    await newScenario('Water wisselen', { meter: 'Wisselen' }, 'Water');
    const list = await inject(
      'GET',
      '/rest/rules?versie=draft&discipline=Water&netbeheerder=Netbeheer_Noord&sortBy=omschrijving&sortDirection=desc',
      viewer,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, skip: 0, limit: 25 });
    expect(list.json().items.map((row: { omschrijving: string }) => row.omschrijving)).toEqual([
      'Water wisselen',
      'Water nieuw',
    ]);
    expect(list.json().items[0]).not.toHaveProperty('tgRules');
    const page = await inject(
      'GET',
      '/rest/rules?versie=draft&discipline=Water&skip=1&limit=1&omschrijving=WATER',
      viewer,
    );
    expect(page.json()).toMatchObject({ count: 2, skip: 1, limit: 1, items: [{ omschrijving: 'Water wisselen' }] });
    expect((await inject('GET', '/rest/rules?versie=draft', zoeker)).statusCode).toBe(403);
    expect((await inject('GET', '/rest/rules?sortBy=kleur', viewer)).statusCode).toBe(400);
    expect((await inject('GET', '/rest/rules?skip=-1', viewer)).statusCode).toBe(400);
    expect((await inject('GET', '/rest/rules?versie=draft', {})).statusCode).toBe(401);
  });

  it('edits the omschrijving and sets an obligation; a fixed node stays required', async () => {
    const { _id } = await newScenario('Te wijzigen', { aansluiting: 'Wijzigen' });
    const edit = await patchRule(_id, noord, { omschrijving: 'Gewijzigd' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().omschrijving).toBe('Gewijzigd');
    const set = await patchRule(_id, noord, { id: 'gas-tg-drukklasse', verplichting: 'Ja' });
    expect(set.statusCode).toBe(200);
    expect(set.json().tgRules.find((node: { id: string }) => node.id === 'gas-tg-drukklasse').verplichting).toBe('Ja');
    const aga = await patchRule(_id, noord, {
      id: 'gas-aga-assets-lengteMeter',
      verplichting: 'Nee',
    });
    expect(
      aga.json().agaRules[0].rules.find((node: { id: string }) => node.id === 'gas-aga-assets-lengteMeter')
        .verplichting,
    ).toBe('Nee');
    const fixed = await patchRule(_id, noord, {
      id: 'gas-tg-uitvoerdatum',
      verplichting: 'Nee',
    });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().details).toEqual([{ field: 'verplichting', message: 'Een vast veld is altijd verplicht' }]);
    const unknown = await patchRule(_id, noord, { id: 'gas-tg-kleur', verplichting: 'Ja' });
    expect(unknown.json().details[0].field).toBe('id');
    expect((await patchRule(_id, noord, { verplichting: 'Misschien', id: 'x' })).statusCode).toBe(400);
    expect((await patchRule(_id, noord, { omschrijving: ' ' })).statusCode).toBe(400);
    // Ownership: another netbeheerder's editor may read but not change.
    expect((await patchRule(_id, zuid, { omschrijving: 'Van Zuid' })).statusCode).toBe(403);
    expect((await patchRule(_id, viewer, { omschrijving: 'Van Zuid' })).statusCode).toBe(403);
    expect((await patchRule(UNKNOWN, noord, { omschrijving: 'X' })).statusCode).toBe(404);
    expect((await patchRule('geen-uuid', noord, { omschrijving: 'X' })).statusCode).toBe(404);
  });

  it('refuses with 409 a change built on a scenario that another editor changed meanwhile', async () => {
    const { _id } = await newScenario('Samen bewerkt', { meter: 'Wisselen', binnenwerk: 'Ja' });
    const seen = (await inject('GET', `/rest/rules/${_id}`, noord)).json();
    const url = `/rest/rules/${_id}`;
    const first = await inject('PATCH', url, noord, { omschrijving: 'Van A', basedOn: { changed: seen.changed } });
    expect(first.statusCode).toBe(200);
    const second = await inject('PATCH', url, noord, {
      id: 'gas-tg-drukklasse',
      verplichting: 'Nee',
      basedOn: { changed: seen.changed },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Dit scenario is intussen door iemand anders gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
    );
    const third = await inject('PATCH', url, noord, { omschrijving: 'Van B', basedOn: { changed: seen.changed } });
    expect(third.statusCode).toBe(409);
    const now = (await inject('GET', url, noord)).json();
    expect(now.omschrijving).toBe('Van A');
    expect(now.tgRules.find((node: { id: string }) => node.id === 'gas-tg-drukklasse').verplichting).toBe('');
    // Built on the answer of the last change, the next one goes through.
    const next = await inject('PATCH', url, noord, {
      omschrijving: 'Van B',
      basedOn: { changed: first.json().changed },
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().changed).not.toBe(first.json().changed);
  });

  it('names basedOn in a Dutch 400 when it is missing or no moment', async () => {
    const { _id } = await newScenario('Zonder basis', { meter: 'Verwijderen', binnenwerk: 'Ja' });
    const missing = await inject('PATCH', `/rest/rules/${_id}`, noord, { omschrijving: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({
      field: 'basedOn',
      message: 'Geef de geladen versie mee: basedOn met changed.',
    });
    const wrong = await inject('PATCH', `/rest/rules/${_id}`, noord, {
      omschrijving: 'X',
      basedOn: { changed: 'gisteren' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toContainEqual({
      field: 'basedOn.changed',
      message: 'Geef het tijdstip van de geladen versie, zoals de server het gaf (ISO 8601 met tijdzone).',
    });
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(document.paths['/rest/rules/{id}'].patch.description).toContain('409 when the scenario was changed since');
  });

  it('copies into a new concept of the caller, and deletes only its own concepts', async () => {
    const source = await newScenario('Bron', { aansluiting: 'Verwijderen' });
    await patchRule(source._id, noord, { id: 'gas-tg-fotos', verplichting: 'Ja' });
    const copy = await inject('POST', `/rest/rules/${source._id}`, zuid, {
      omschrijving: 'Kopie',
      werkzaamheden: WERK,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ netbeheerder: 'Netbeheer_Zuid', discipline: 'Gas', omschrijving: 'Kopie' });
    expect(copy.json().tgRules.find((node: { id: string }) => node.id === 'gas-tg-fotos').verplichting).toBe('Ja');
    const again = await inject('POST', `/rest/rules/${source._id}`, noord, {
      omschrijving: 'Kopie',
      werkzaamheden: { ...WERK, aansluiting: 'Verwijderen' },
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await inject('POST', `/rest/rules/${source._id}`, noord, { omschrijving: '', werkzaamheden: WERK })).statusCode,
    ).toBe(400);
    expect(
      (await inject('POST', `/rest/rules/${UNKNOWN}`, noord, { omschrijving: 'K', werkzaamheden: WERK })).statusCode,
    ).toBe(404);

    expect((await inject('DELETE', `/rest/rules/${source._id}`, zuid)).statusCode).toBe(403);
    expect((await inject('DELETE', `/rest/rules/${source._id}`, noord)).statusCode).toBe(204);
    expect((await inject('GET', `/rest/rules/${source._id}`, viewer)).statusCode).toBe(404);
    expect((await inject('DELETE', `/rest/rules/${source._id}`, noord)).statusCode).toBe(404);
  });

  it('counts scenarios with equal rules', async () => {
    const a = await newScenario('Gelijk A', { fysiekeStatus: 'Uit bedrijf' }, 'Riool');
    const b = await newScenario('Gelijk B', { fysiekeStatus: 'Afgesloten' }, 'Riool');
    expect((await inject('GET', `/rest/rules/${a._id}`, viewer)).json().gelijk).toBe(2);
    await patchRule(b._id, noord, { id: 'riool-tg-fotos', verplichting: 'Nee' });
    expect((await inject('GET', `/rest/rules/${a._id}`, viewer)).json().gelijk).toBe(1);
    const pair = await inject('GET', `/rest/rules/${a._id}/compare/${b._id}`, viewer);
    expect(pair.statusCode).toBe(200);
    expect(pair.json()).toMatchObject({ scenario: { _id: a._id }, compared: { _id: b._id } });
    expect((await inject('GET', `/rest/rules/${a._id}`, zoeker)).statusCode).toBe(403);
  });

  it('tells a caller who may only search that a concept is not for them (403 naming concepts)', async () => {
    const concept = await newScenario('Alleen voor concepten', { fysiekeStatus: 'Verwijderd' }, 'Riool');
    for (const url of [`/rest/rules/${concept._id}`, `/rest/rules/${concept._id}/compare/${concept._id}`]) {
      const response = await inject('GET', url, zoeker);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({
        message:
          "Concept scenario's zijn alleen zichtbaar met een recht om concepten te bekijken, te bewerken of te beheren",
      });
    }
    expect((await inject('GET', `/rest/rules/${concept._id}`, viewer)).statusCode).toBe(200);
  });
});
