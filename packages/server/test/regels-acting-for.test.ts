import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dutchToday } from '@knooppunt/domain';
import { auditLog } from '../src/db/schema';
import { patternDates } from '../src/modules/regels/calendar';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { scenarioBasedOn } from './support/based-on';

/**
 * A super-role user with the edit-concept-rules right acts for a netbeheerder it names (issue 21
 * item 6, decision 0029): it creates scenarios, copies and value lists for it, publishes its
 * versions, sets its obligations, audited as acting for it; nobody else names another netbeheerder.
 */

const WERK = {
  aansluiting: 'Nieuw',
  binnenwerk: 'Nee',
  meter: 'Plaatsen',
  typeAansluiting: 'G4',
  fysiekeStatus: 'In bedrijf',
  wijzigenCapaciteit: 'Nee',
};
const BEHEER = 'beheer@knooppunt.example';

type Headers = Record<string, string>;
let t: TestApp;
let beheer: Headers;
let noord: Headers;
let viewer: Headers;

beforeAll(async () => {
  t = await createTestApp();
  beheer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer', email: BEHEER }));
  noord = bearer(
    await tokenFor(t, {
      roles: ['Netbeheerder', 'Business rules Concept Bewerken'],
      deelnemer: 'Netbeheer_Noord',
      email: 'netbeheer@noord.example',
    }),
  );
  viewer = bearer(
    await tokenFor(t, { roles: ['Netbeheerder', 'Business rules Concept Bekijken'], deelnemer: 'Netbeheer_Zuid' }),
  );
});
afterAll(() => t.close());

const post = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const scenarioBody = (extra: object = {}) => ({
  omschrijving: 'Namens West',
  berichtVersie: '2.0',
  discipline: 'Water',
  werkzaamheden: WERK,
  ...extra,
});
const auditOf = (subjectId: string, action: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));
const countOf = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: beheer })).json().count;

function expect400(response: { statusCode: number; body: string; json(): { message: string } }, text: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().message).toBe(`netbeheerder: ${text}`);
}

describe('the super role acts for a netbeheerder it names', () => {
  it('creates, copies and changes a scenario for it and publishes its version, each audited as acting for it', async () => {
    const created = await post('/rest/rules', beheer, scenarioBody({ netbeheerder: 'Netbeheer_West' }));
    expect(created.statusCode, created.body).toBe(201);
    const scenario = created.json();
    expect(scenario).toMatchObject({ netbeheerder: 'Netbeheer_West', omschrijving: 'Namens West', versie: 'draft' });
    const [createdEntry] = await auditOf(scenario._id, 'scenario.create');
    expect(createdEntry).toMatchObject({
      actor: BEHEER,
      actorDeelnemer: 'Knooppunt_Beheer',
      actingFor: 'Netbeheer_West',
      after: expect.objectContaining({ netbeheerder: 'Netbeheer_West' }),
    });

    const node = scenario.tgRules.find((candidate: { fixed: boolean }) => !candidate.fixed);
    const obligation = await t.app.inject({
      method: 'PATCH',
      url: `/rest/rules/${scenario._id}`,
      headers: beheer,
      payload: { id: node.id, verplichting: 'Nee', basedOn: await scenarioBasedOn(t, scenario._id) },
    });
    expect(obligation.statusCode, obligation.body).toBe(200);
    expect(obligation.json().tgRules.find((candidate: { id: string }) => candidate.id === node.id).verplichting).toBe(
      'Nee',
    );
    const [obligationEntry] = await auditOf(scenario._id, 'scenario.obligation');
    expect(obligationEntry).toMatchObject({ actor: BEHEER, actingFor: 'Netbeheer_West' });

    const copy = await post(`/rest/rules/${scenario._id}`, beheer, {
      omschrijving: 'Kopie namens West',
      werkzaamheden: { ...WERK, meter: 'Wisselen' },
      netbeheerder: 'Netbeheer_West',
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ netbeheerder: 'Netbeheer_West' });
    expect((await auditOf(copy.json()._id, 'scenario.copy'))[0]).toMatchObject({ actingFor: 'Netbeheer_West' });

    const published = await post('/rest/version', beheer, {
      omschrijving: 'Versie namens West',
      berichtVersie: '2.0',
      ingangsdatum: patternDates(dutchToday())[0],
      netbeheerder: 'Netbeheer_West',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({ netbeheerder: 'Netbeheer_West', versie: 1 });
    const [publishedEntry] = await auditOf(published.json()._id, 'version.publish');
    expect(publishedEntry).toMatchObject({
      actor: BEHEER,
      actorDeelnemer: 'Knooppunt_Beheer',
      actingFor: 'Netbeheer_West',
    });
    expect(await countOf(`/rest/rules?versie=1&netbeheerder=Netbeheer_West`)).toBe(2);
  });

  it('creates a value list for it, changes and deletes it, each audited as acting for it', async () => {
    const created = await post('/rest/waardenlijst', beheer, {
      berichtVersie: '2.0',
      discipline: 'Gas',
      netbeheerder: 'Netbeheer_Zuid',
    });
    expect(created.statusCode, created.body).toBe(201);
    const lijst = created.json();
    expect(lijst).toMatchObject({
      netbeheerder: 'Netbeheer_Zuid',
      omschrijving: 'Waardenlijst Gas 2.0 van Netbeheer_Zuid',
    });
    expect((await auditOf(lijst._id, 'waardenlijst.create'))[0]).toMatchObject({
      actor: BEHEER,
      actorDeelnemer: 'Knooppunt_Beheer',
      actingFor: 'Netbeheer_Zuid',
    });

    const node = lijst.tgWaardenlijsten.find((candidate: { waarden: unknown[] }) => candidate.waarden.length > 0);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/rest/waardenlijst/${lijst._id}`,
      headers: beheer,
      payload: { id: node.id, waarde: node.waarden[0].waarde, toegestaan: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await auditOf(lijst._id, 'waardenlijst.update'))[0]).toMatchObject({ actingFor: 'Netbeheer_Zuid' });

    const removed = await t.app.inject({ method: 'DELETE', url: `/rest/waardenlijst/${lijst._id}`, headers: beheer });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await auditOf(lijst._id, 'waardenlijst.delete'))[0]).toMatchObject({ actingFor: 'Netbeheer_Zuid' });
  });

  it('a netbeheerder acting as itself is audited without acting-for', async () => {
    const created = await post('/rest/rules', noord, scenarioBody({ omschrijving: 'Van Noord zelf' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().netbeheerder).toBe('Netbeheer_Noord');
    expect((await auditOf(created.json()._id, 'scenario.create'))[0]).toMatchObject({
      actor: 'netbeheer@noord.example',
      actorDeelnemer: 'Netbeheer_Noord',
      actingFor: null,
    });
  });
});

describe('naming the netbeheerder', () => {
  const writes = [
    ['POST /rest/rules', '/rest/rules', scenarioBody({ omschrijving: 'Fout' })],
    ['POST /rest/version', '/rest/version', { omschrijving: 'Fout', berichtVersie: '2.0', ingangsdatum: '2025-09-01' }],
    ['POST /rest/waardenlijst', '/rest/waardenlijst', { berichtVersie: '1.36', discipline: 'Riool' }],
  ] as const;

  it.each(writes)(
    '%s by the super role without a netbeheerder: 400 naming the field, nothing made',
    async (_, url, body) => {
      const before = await t.app.db.select().from(auditLog);
      expect400(await post(url, beheer, body), 'Kies de netbeheerder waarvoor u handelt');
      expect400(await post(url, beheer, { ...body, netbeheerder: '  ' }), 'Kies de netbeheerder waarvoor u handelt');
      expect((await t.app.db.select().from(auditLog)).length).toBe(before.length);
    },
  );

  it.each(writes)(
    '%s by the super role for an unknown organisation or one that is no netbeheerder: 400',
    async (_, url, body) => {
      expect400(
        await post(url, beheer, { ...body, netbeheerder: 'Netbeheer_Nergens' }),
        "'Netbeheer_Nergens' is geen netbeheerder",
      );
      expect400(
        await post(url, beheer, { ...body, netbeheerder: 'Aannemer_Alfa' }),
        "'Aannemer_Alfa' is geen netbeheerder",
      );
    },
  );

  it.each(writes)('%s by a netbeheerder naming another: 403, not silently its own', async (_, url, body) => {
    const response = await post(url, noord, { ...body, netbeheerder: 'Netbeheer_Zuid' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe('Alleen een beheerder kan namens een andere netbeheerder handelen');
  });

  it.each(writes)('%s without the edit right: 403 even when naming a netbeheerder', async (_, url, body) => {
    const response = await post(url, viewer, { ...body, netbeheerder: 'Netbeheer_Zuid' });
    expect(response.statusCode, response.body).toBe(403);
  });

  it('nothing was made for the netbeheerders named in the refused calls', async () => {
    expect(await countOf('/rest/rules?versie=draft&netbeheerder=Netbeheer_Zuid')).toBe(0);
    expect(await countOf('/rest/waardenlijst?netbeheerder=Netbeheer_Zuid&discipline=Riool')).toBe(0);
  });

  it('a netbeheerder naming itself is the same as naming nobody', async () => {
    const response = await post('/rest/waardenlijst', noord, {
      berichtVersie: '2.0',
      discipline: 'Koper',
      netbeheerder: 'Netbeheer_Noord',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().netbeheerder).toBe('Netbeheer_Noord');
  });
});
