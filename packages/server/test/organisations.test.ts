import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { auditLog } from '../src/db/schema';

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

const search = (body: unknown, headers = viewer) =>
  t.app.inject({ method: 'POST', url: '/rest/organisations/search', headers, payload: body as object });
const create = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/rest/organisations', headers, payload: body as object });

describe('POST /rest/organisations/search', () => {
  it('pages the organisations sorted by name', async () => {
    const response = await search({ filters: [], skip: 0, limit: 10 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ skip: 0, limit: 10 });
    expect(body.items).toHaveLength(10);
    expect(body.count).toBeGreaterThan(10);
    const names = body.items.map((item: { organisatie: string }) => item.organisatie);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(body.items[0]).toEqual({
      organisatie: expect.any(String),
      type: expect.any(String),
      metadata: expect.objectContaining({ delegerenden: expect.any(Array) }),
      actief: true,
    });
  });

  it('answers every row with limit 0', async () => {
    const body = (await search({ limit: 0 })).json();
    expect(body.items).toHaveLength(body.count);
  });

  it('filters on a part of the name, case-insensitively, and on type', async () => {
    const byName = (await search({ filters: [{ name: 'organisatie', value: 'netbeheer_' }], limit: 0 })).json();
    expect(byName.items.map((item: { organisatie: string }) => item.organisatie)).toEqual(
      expect.arrayContaining(['Netbeheer_Noord', 'Netbeheer_Zuid', 'Gedelegeerd_Netbeheer_Delta']),
    );
    const byType = (await search({ filters: [{ name: 'type', value: 'Combi' }], limit: 0 })).json();
    expect(byType.items.length).toBeGreaterThan(0);
    expect(byType.items.every((item: { type: string }) => item.type === 'Combi')).toBe(true);
    expect(byType.count).toBe(byType.items.length);
  });

  it('treats % and _ in the name filter as plain characters', async () => {
    const body = (await search({ filters: [{ name: 'organisatie', value: '%' }], limit: 0 })).json();
    expect(body.count).toBe(0);
  });

  it('skips and sorts descending when asked', async () => {
    const all = (await search({ limit: 0, sortBy: 'organisatie', sortDirection: 'desc' })).json();
    const page = (await search({ skip: 2, limit: 3, sortBy: 'organisatie', sortDirection: 'desc' })).json();
    expect(page.items).toEqual(all.items.slice(2, 5));
  });

  it.each([
    [{ filters: [{ name: 'land', value: 'NL' }] }, 'filters.0.name'],
    [{ skip: -1 }, 'skip'],
    [{ limit: 501 }, 'limit'],
    [{ sortBy: 'created' }, 'sortBy'],
    [{ sortDirection: 'up' }, 'sortDirection'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
    expect(response.json().message).toContain(field);
  });
});

describe('POST /rest/organisations', () => {
  it('creates an organisation and records who did it', async () => {
    const response = await create({ organisatie: ' Aannemer Nieuw ', type: 'Aannemer' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      organisatie: 'Aannemer Nieuw',
      type: 'Aannemer',
      metadata: { deelnemer: 'Aannemer Nieuw', delegerenden: [] },
      actief: true,
    });
    const found = (await search({ filters: [{ name: 'organisatie', value: 'Aannemer Nieuw' }] })).json();
    expect(found.count).toBe(1);
    const audit = await t.app.db.select().from(auditLog);
    expect(audit).toContainEqual(
      expect.objectContaining({
        actor: 'users@knooppunt.example',
        action: 'organisation.create',
        subjectType: 'organisation',
        subjectId: 'Aannemer Nieuw',
        before: null,
        after: expect.objectContaining({ organisatie: 'Aannemer Nieuw' }),
      }),
    );
  });

  it('keeps the delegerenden of a delegated grid operator', async () => {
    const response = await create({
      organisatie: 'Delegatie_Test',
      type: 'Gedelegeerd netbeheerder',
      metadata: { delegerenden: ['Netbeheer_Zuid'] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().metadata.delegerenden).toEqual(['Netbeheer_Zuid']);
  });

  it('answers 409 for a name that exists in any case, and writes nothing', async () => {
    const before = (await t.app.db.select().from(auditLog)).length;
    const response = await create({ organisatie: 'netbeheer_noord', type: 'Netbeheerder' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Organisatie 'netbeheer_noord' bestaat al.");
    expect(await t.app.db.select().from(auditLog)).toHaveLength(before);
  });

  it.each([
    [{ type: 'Aannemer' }, 'organisatie'],
    [{ organisatie: '   ', type: 'Aannemer' }, 'organisatie'],
    [{ organisatie: 'x'.repeat(201), type: 'Aannemer' }, 'organisatie'],
    [{ organisatie: 'Zonder type' }, 'type'],
    [{ organisatie: 'Verkeerd type', type: 'Beheerder' }, 'type'],
    [{ organisatie: 'Delegatie zonder', type: 'Gedelegeerd netbeheerder' }, 'metadata.delegerenden'],
    [
      { organisatie: 'Delegatie onbekend', type: 'Gedelegeerd netbeheerder', metadata: { delegerenden: ['Iemand'] } },
      'metadata.delegerenden.0',
    ],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });

  it('answers a clear 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/organisations',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"organisatie":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('is forbidden for a user who may only view', async () => {
    expect((await create({ organisatie: 'Niet toegestaan', type: 'Aannemer' }, viewer)).statusCode).toBe(403);
  });

  it("is forbidden for a participant's user manager, and writes nothing (decision 0014)", async () => {
    const participantManager = bearer(
      await tokenFor(t, { roles: ['Beheer User Viewers', 'Beheer User Beheer'], deelnemer: 'Netbeheer_Noord' }),
    );
    const before = (await search({ limit: 0 })).json().count;
    const response = await create({ organisatie: 'Aannemer Van Noord', type: 'Aannemer' }, participantManager);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Alleen het beheer van Knooppunt maakt organisaties aan.');
    expect((await search({ limit: 0 })).json().count).toBe(before);
    // The same call by the operator's staff goes through: the refusal was the caller's, not the body's.
    expect((await create({ organisatie: 'Aannemer Van Noord', type: 'Aannemer' })).statusCode).toBe(201);
  });
});
