import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueTreeOf, type ValueNode, type Waardenlijst } from '@knooppunt/domain';
import { auditLog } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const EDITOR = ['Netbeheerder', 'Business rules Concept Bewerken'];

let t: TestApp;
let noord: Record<string, string>;
let zuid: Record<string, string>;
let zuidViewer: Record<string, string>;
let searcher: Record<string, string>;
let withoutRight: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  noord = bearer(await tokenFor(t, { roles: EDITOR, deelnemer: 'Netbeheer_Noord', email: 'netbeheer@noord.example' }));
  zuid = bearer(await tokenFor(t, { roles: EDITOR, deelnemer: 'Netbeheer_Zuid' }));
  zuidViewer = bearer(
    await tokenFor(t, { roles: ['Netbeheerder', 'Business rules Concept Bekijken'], deelnemer: 'Netbeheer_Zuid' }),
  );
  searcher = bearer(
    await tokenFor(t, { roles: ['Coordinerende Aannemer', 'Business rules Zoeken'], deelnemer: 'Aannemer_Alfa' }),
  );
  withoutRight = bearer(await tokenFor(t, { roles: ['Netbeheerder'], deelnemer: 'Netbeheer_Noord' }));
});
afterAll(() => t.close());

const create = (body: object, headers: Record<string, string> = noord) =>
  t.app.inject({ method: 'POST', url: '/rest/waardenlijst', headers, payload: body });
const list = (query = '', headers: Record<string, string> = searcher) =>
  t.app.inject({ method: 'GET', url: `/rest/waardenlijst${query}`, headers });
const get = (id: string, headers: Record<string, string> = searcher) =>
  t.app.inject({ method: 'GET', url: `/rest/waardenlijst/${id}`, headers });
const patch = (id: string, body: object, headers: Record<string, string> = noord) =>
  t.app.inject({ method: 'PATCH', url: `/rest/waardenlijst/${id}`, headers, payload: body });
const remove = (id: string, headers: Record<string, string> = noord) =>
  t.app.inject({ method: 'DELETE', url: `/rest/waardenlijst/${id}`, headers });

async function created(body: object, headers: Record<string, string> = noord): Promise<Waardenlijst> {
  const response = await create(body, headers);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const auditOf = (id: string, action: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, action)));

const nodeOf = (nodes: ValueNode[], id: string): ValueNode | undefined =>
  nodes.map((node) => (node.id === id ? node : nodeOf(node.waardenlijsten, id))).find(Boolean);

function expect400(
  response: { statusCode: number; json(): { message: string; details?: { field: string }[] } },
  field: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  expect(response.json().message).toContain(field);
}

describe('POST /rest/waardenlijst', () => {
  it('creates a list of the caller’s netbeheerder with every catalogue value allowed', async () => {
    const response = await create({ berichtVersie: '2.0', discipline: 'Water', netbeheerder: 'Netbeheer_Noord' });
    expect(response.statusCode).toBe(201);
    const lijst: Waardenlijst = response.json();
    expect(lijst).toEqual({
      _id: expect.any(String),
      netbeheerder: 'Netbeheer_Noord',
      omschrijving: 'Waardenlijst Water 2.0 van Netbeheer_Noord',
      discipline: 'Water',
      berichtVersie: '2.0',
      created: expect.any(String),
      changed: expect.any(String),
      tgWaardenlijsten: valueTreeOf('Water', 'tg'),
      agaWaardenlijsten: valueTreeOf('Water', 'aga'),
    });
    expect((await get(lijst._id)).json()).toEqual(lijst);
    const [entry] = await auditOf(lijst._id, 'waardenlijst.create');
    expect(entry).toMatchObject({
      actor: 'netbeheer@noord.example',
      actorDeelnemer: 'Netbeheer_Noord',
      actingFor: null,
    });
  });

  it('answers 409 with a Dutch message when the netbeheerder has a list for that berichtVersie and discipline', async () => {
    await created({ berichtVersie: '1.36', discipline: 'Gas' });
    const again = await create({ berichtVersie: '1.36', discipline: 'Gas' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Er is al een waardenlijst voor berichtversie 1.36 en discipline Gas.');
    // Another netbeheerder has lists of its own.
    await created({ berichtVersie: '1.36', discipline: 'Gas' }, zuid);
  });

  it.each([
    [{ berichtVersie: '9.9', discipline: 'Gas' }, 'berichtVersie'],
    [{ berichtVersie: '2.0', discipline: 'Stoom' }, 'discipline'],
    [{ berichtVersie: '2.0' }, 'discipline'],
    [{ discipline: 'Gas' }, 'berichtVersie'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    expect400(await create(body), field);
  });

  it('answers 401 without a token', async () => {
    expect((await create({ berichtVersie: '2.0', discipline: 'Glas' }, {})).statusCode).toBe(401);
  });

  it('answers 403 without the right to edit concept rules', async () => {
    expect((await create({ berichtVersie: '2.0', discipline: 'Glas' }, zuidViewer)).statusCode).toBe(403);
  });

  it('answers 403 with a Dutch message to an editor whose organisation is no netbeheerder', async () => {
    const aannemer = bearer(await tokenFor(t, { roles: ['Business Rules Editor'], deelnemer: 'Aannemer_Alfa' }));
    const response = await create({ berichtVersie: '2.0', discipline: 'Glas' }, aannemer);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Alleen een netbeheerder kan een waardenlijst aanmaken.');
    // A super-role user names the netbeheerder it acts for (decision 0029, test/regels-acting-for.test.ts).
    const beheer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer' }));
    expect400(await create({ berichtVersie: '2.0', discipline: 'Glas' }, beheer), 'netbeheerder');
    expect((await list('?discipline=Glas')).json().count).toBe(0);
  });
});

describe('GET /rest/waardenlijst', () => {
  let all: { items: Record<string, unknown>[]; count: number };
  beforeAll(async () => {
    await created({ berichtVersie: '2.0', discipline: 'Elektra' });
    await created({ berichtVersie: '2.0', discipline: 'Riool' }, zuid);
    await created({ berichtVersie: '1.36', discipline: 'Elektra' }, zuid);
    all = (await list('?limit=500')).json();
  });

  it('lists every netbeheerder’s lists without their trees, by netbeheerder ascending, 25 a page', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ skip: 0, limit: 25, count: all.count });
    expect(page.items[0]).toEqual({
      _id: expect.any(String),
      netbeheerder: expect.any(String),
      omschrijving: expect.any(String),
      discipline: expect.any(String),
      berichtVersie: expect.any(String),
      created: expect.any(String),
      changed: expect.any(String),
    });
    const netbeheerders = page.items.map((item: { netbeheerder: string }) => item.netbeheerder);
    expect(netbeheerders).toEqual([...netbeheerders].sort());
    expect(new Set(netbeheerders)).toEqual(new Set(['Netbeheer_Noord', 'Netbeheer_Zuid']));
  });

  it('filters on netbeheerder and discipline', async () => {
    const page = (await list('?netbeheerder=Netbeheer_Zuid&discipline=Elektra')).json();
    expect(page.items).toEqual([expect.objectContaining({ netbeheerder: 'Netbeheer_Zuid', discipline: 'Elektra' })]);
    expect(page.count).toBe(1);
    expect((await list('?netbeheerder=Netbeheer_West')).json()).toMatchObject({ items: [], count: 0 });
  });

  it('sorts on the asked column and pages with skip and limit', async () => {
    const byDiscipline = (await list('?sortBy=discipline&sortDirection=desc&limit=500')).json();
    const disciplines = byDiscipline.items.map((item: { discipline: string }) => item.discipline);
    expect(disciplines).toEqual([...disciplines].sort().reverse());
    const page = (await list('?sortBy=discipline&sortDirection=desc&skip=1&limit=2')).json();
    expect(page).toMatchObject({ skip: 1, limit: 2, count: all.count });
    expect(page.items).toEqual(byDiscipline.items.slice(1, 3));
  });

  it.each([
    ['?skip=-1', 'skip'],
    ['?limit=501', 'limit'],
    ['?limit=veel', 'limit'],
    ['?sortBy=created', 'sortBy'],
    ['?sortDirection=up', 'sortDirection'],
    ['?discipline=Stoom', 'discipline'],
  ])('rejects %s with a 400 naming %s', async (query, field) => {
    expect400(await list(query), field);
  });

  it('answers 401 without a token and 403 without a business-rules right', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('', withoutRight)).statusCode).toBe(403);
  });
});

describe('GET /rest/waardenlijst/{id}', () => {
  it('answers any netbeheerder’s list with both trees to a reader of the business rules', async () => {
    const lijst = await created({ berichtVersie: '2.0', discipline: 'CAI' });
    for (const headers of [searcher, zuidViewer]) {
      const response = await get(lijst._id, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(lijst);
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'niet-een-uuid']) {
      const response = await get(id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Waardenlijst niet gevonden.');
    }
  });

  it('answers 401 without a token and 403 without a business-rules right', async () => {
    expect((await get(UNKNOWN_ID, {})).statusCode).toBe(401);
    expect((await get(UNKNOWN_ID, withoutRight)).statusCode).toBe(403);
  });
});

describe('PATCH /rest/waardenlijst/{id}', () => {
  let lijst: Waardenlijst;
  beforeAll(async () => {
    lijst = await created({ berichtVersie: '1.36', discipline: 'Water' });
  });
  const NODE = 'water-aga-assets-materiaal';

  it('sets whether a value is allowed and answers the whole list', async () => {
    const response = await patch(lijst._id, { id: NODE, waarde: 'Gietijzer', toegestaan: false });
    expect(response.statusCode).toBe(200);
    const updated: Waardenlijst = response.json();
    expect(nodeOf(updated.agaWaardenlijsten, NODE)?.waarden).toContainEqual({ waarde: 'Gietijzer', toegestaan: false });
    const others = nodeOf(updated.agaWaardenlijsten, NODE)?.waarden.filter((w) => w.waarde !== 'Gietijzer');
    expect(others?.every((w) => w.toegestaan)).toBe(true);
    expect(updated.tgWaardenlijsten).toEqual(lijst.tgWaardenlijsten);
    expect(Date.parse(updated.changed)).toBeGreaterThanOrEqual(Date.parse(lijst.changed));
    expect((await get(lijst._id)).json()).toEqual(updated);

    const back = (await patch(lijst._id, { id: NODE, waarde: 'Gietijzer', toegestaan: true })).json();
    expect(back.agaWaardenlijsten).toEqual(lijst.agaWaardenlijsten);
    const audit = await auditOf(lijst._id, 'waardenlijst.update');
    expect(audit.map((entry) => entry.after)).toEqual([
      { node: NODE, waarde: 'Gietijzer', toegestaan: false },
      { node: NODE, waarde: 'Gietijzer', toegestaan: true },
    ]);
  });

  it('keeps both of two changes made at the same time', async () => {
    const node = 'water-tg-kabelOfLeiding-type';
    const answers = await Promise.all([
      patch(lijst._id, { id: node, waarde: 'PE 32', toegestaan: false }),
      patch(lijst._id, { id: node, waarde: 'PVC 63', toegestaan: false }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const waarden = nodeOf((await get(lijst._id)).json().tgWaardenlijsten, node)?.waarden;
    expect(waarden?.filter((w) => !w.toegestaan).map((w) => w.waarde)).toEqual(['PE 32', 'PVC 63']);
  });

  it.each([
    [{ id: 'water-aga-assets-kleur', waarde: 'Rood', toegestaan: false }, 'id'],
    [{ id: NODE, waarde: 'Hout', toegestaan: false }, 'waarde'],
    [{ id: NODE, waarde: 'PVC' }, 'toegestaan'],
    [{ id: NODE, waarde: 'PVC', toegestaan: 'nee' }, 'toegestaan'],
    [{ waarde: 'PVC', toegestaan: false }, 'id'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    expect400(await patch(lijst._id, body), field);
  });

  it('answers 403 to an editor of another netbeheerder and leaves the list as it was', async () => {
    const before = (await get(lijst._id)).json();
    const response = await patch(lijst._id, { id: NODE, waarde: 'PVC', toegestaan: false }, zuid);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'U kunt alleen de waardenlijsten van uw eigen netbeheerder wijzigen of verwijderen.',
    );
    expect((await get(lijst._id)).json()).toEqual(before);
  });

  it('answers 403 without the right to edit concept rules, 401 without a token', async () => {
    const ownViewer = bearer(
      await tokenFor(t, { roles: ['Business rules Concept Bekijken'], deelnemer: 'Netbeheer_Noord' }),
    );
    expect((await patch(lijst._id, { id: NODE, waarde: 'PVC', toegestaan: false }, ownViewer)).statusCode).toBe(403);
    expect((await patch(lijst._id, { id: NODE, waarde: 'PVC', toegestaan: false }, {})).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'niet-een-uuid']) {
      expect((await patch(id, { id: NODE, waarde: 'PVC', toegestaan: false })).statusCode).toBe(404);
    }
  });
});

describe('DELETE /rest/waardenlijst/{id}', () => {
  it('deletes a list of the caller’s own netbeheerder', async () => {
    const lijst = await created({ berichtVersie: '2.0', discipline: 'Koper' });
    const response = await remove(lijst._id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(lijst._id)).statusCode).toBe(404);
    const [entry] = await auditOf(lijst._id, 'waardenlijst.delete');
    expect(entry?.before).toEqual(lijst);
    // The pair is free again.
    await created({ berichtVersie: '2.0', discipline: 'Koper' });
  });

  it('answers 403 to an editor of another netbeheerder and keeps the list', async () => {
    const lijst = await created({ berichtVersie: '2.0', discipline: 'Glas' });
    expect((await remove(lijst._id, zuid)).statusCode).toBe(403);
    expect((await remove(lijst._id, zuidViewer)).statusCode).toBe(403);
    expect((await get(lijst._id)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id, 401 without a token', async () => {
    expect((await remove(UNKNOWN_ID)).statusCode).toBe(404);
    expect((await remove('niet-een-uuid')).statusCode).toBe(404);
    expect((await remove(UNKNOWN_ID, {})).statusCode).toBe(401);
  });
});
