import { and, eq, sql } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN, dutchToday, valueTreeOf, werkzaamhedenOfOrder } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, waardenlijsten } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { patternDates } from '../src/modules/regels/calendar';
import { scenarioBasedOn } from './support/based-on';

let t: TestApp;
let editor: Record<string, string>;
const systems: Record<string, Record<string, string>> = {};
const ORDER_WERK = werkzaamhedenOfOrder(EXAMPLE_BERICHTEN.Opdracht.data.werkzaamheden);

beforeAll(async () => {
  t = await createTestApp();
  for (const deelnemer of [
    'Netbeheer_Noord',
    'Netbeheer_Zuid',
    'Aannemer_Alfa',
    'Aannemer_Beta',
    'Gedelegeerd_Netbeheer_Delta',
  ]) {
    systems[deelnemer] = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
  }
  editor = bearer(
    await tokenFor(t, { roles: ['Netbeheerder', 'Business rules Concept Bewerken'], deelnemer: 'Netbeheer_Noord' }),
  );
  // Netbeheer_Noord's rule book for Elektra orders like the example: fabrikant required, foto's
  // forbidden, AGA lengte required; in force since an ingangsdatum in the past.
  const created = await inject('POST', '/rest/rules', editor, {
    omschrijving: 'Nieuwe elektra-aansluiting',
    berichtVersie: '2.0',
    discipline: 'Elektra',
    werkzaamheden: ORDER_WERK,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json()._id;
  for (const [node, verplichting] of [
    ['elektra-tg-meter-fabrikant', 'Ja'],
    ['elektra-tg-fotos', 'Nee'],
    ['elektra-aga-assets-lengteMeter', 'Ja'],
  ]) {
    expect((await patchRule(id, editor, { id: node, verplichting })).statusCode).toBe(200);
  }
  const tg = valueTreeOf('Elektra', 'tg');
  const fabrikanten = tg.find((node) => node.id === 'elektra-tg-meter')!.waardenlijsten[0]!;
  fabrikanten.waarden = fabrikanten.waarden.map((w) => ({ ...w, toegestaan: w.waarde !== 'Iskra' }));
  await t.app.db.insert(waardenlijsten).values({
    netbeheerder: 'Netbeheer_Noord',
    berichtVersie: '2.0',
    discipline: 'Elektra',
    omschrijving: 'Waardenlijst Elektra 2.0',
    tgWaardenlijsten: tg,
    agaWaardenlijsten: valueTreeOf('Elektra', 'aga'),
  });
  const published = await inject('POST', '/rest/version', editor, {
    berichtVersie: '2.0',
    omschrijving: 'Regels 2025',
    ingangsdatum: patternDates(dutchToday())[0],
  });
  expect(published.statusCode, published.body).toBe(201);
  // Publishing takes no passed date (decision 0057): published ahead, then its effective date arrives.
  await t.app.db.execute(sql`update rule_versions set ingangsdatum = '2025-05-23' where id = ${published.json()._id}`);
  // A later concept change is not in force.
  await patchRule(id, editor, { id: 'elektra-tg-fotos', verplichting: '' });
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
function inject(method: 'POST' | 'PATCH', url: string, headers: Headers, payload: object) {
  return t.app.inject({ method, url, headers, payload });
}
const submit = (from: string, bericht: object) => inject('POST', '/api/v1/berichten', systems[from]!, bericht);

/** A planned order of `netbeheerder` to Aannemer_Alfa, ready for a TG. */
async function plannedOrder(opdrachtId: string, netbeheerder = 'Netbeheer_Noord', werk = {}) {
  const opdracht = EXAMPLE_BERICHTEN.Opdracht;
  const data = {
    ...opdracht.data,
    opdrachtnemer: 'Aannemer_Alfa',
    werkzaamheden: { ...opdracht.data.werkzaamheden, ...werk },
  };
  expect((await submit(netbeheerder, { ...opdracht, opdrachtId, data })).statusCode).toBe(202);
  expect((await submit('Aannemer_Alfa', { ...EXAMPLE_BERICHTEN.Planning, opdrachtId })).statusCode).toBe(202);
}
const tg = (opdrachtId: string, data: object = {}) => ({
  ...EXAMPLE_BERICHTEN.TG,
  opdrachtId,
  data: { ...EXAMPLE_BERICHTEN.TG.data, fotos: undefined, ...data },
});
const stored = (opdrachtId: string, type: string) =>
  t.app.db
    .select()
    .from(messages)
    .where(and(eq(messages.opdrachtId, opdrachtId), eq(messages.type, type)));

describe('the platform enforces the business rules', () => {
  it('accepts a TG that follows the scenario in force and the value list', async () => {
    await plannedOrder('R-OK');
    expect((await submit('Aannemer_Alfa', tg('R-OK'))).statusCode).toBe(202);
    expect(await stored('R-OK', 'TG')).toHaveLength(1);
  });

  it('refuses a missing required field, a forbidden field and a value not allowed, each named; nothing stored', async () => {
    await plannedOrder('R-FOUT');
    const meter = { ...EXAMPLE_BERICHTEN.TG.data.meter, fabrikant: undefined };
    const missing = await submit('Aannemer_Alfa', tg('R-FOUT', { meter, fotos: ['foto/x.jpg'] }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details).toEqual([
      {
        field: 'data.meter.fabrikant',
        message: 'data.meter.fabrikant is verplicht volgens het scenario van de netbeheerder',
      },
      { field: 'data.fotos', message: 'data.fotos moet leeg blijven volgens het scenario van de netbeheerder' },
    ]);
    const iskra = await submit('Aannemer_Alfa', tg('R-FOUT', { meter: { ...meter, fabrikant: 'Iskra' } }));
    expect(iskra.statusCode).toBe(422);
    expect(iskra.json().details).toEqual([
      {
        field: 'data.meter.fabrikant',
        message:
          "data.meter.fabrikant: de waarde 'Iskra' is niet toegestaan volgens de waardenlijst van de netbeheerder",
      },
    ]);
    expect(await stored('R-FOUT', 'TG')).toEqual([]);
  });

  it('checks an AGA against the AGA rules in every asset', async () => {
    await plannedOrder('R-AGA');
    expect((await submit('Aannemer_Alfa', tg('R-AGA'))).statusCode).toBe(202);
    const beoordeling = { ...EXAMPLE_BERICHTEN.BeoordelingTG, opdrachtId: 'R-AGA', data: { akkoord: true } };
    expect((await submit('Netbeheer_Noord', beoordeling)).statusCode).toBe(202);
    const assets = EXAMPLE_BERICHTEN.AGA.data.assets.map((asset) => ({ ...asset, lengteMeter: undefined }));
    const aga = { ...EXAMPLE_BERICHTEN.AGA, opdrachtId: 'R-AGA', data: { assets } };
    const refused = await submit('Aannemer_Alfa', aga);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual(
      assets.map((_, i) => `data.assets.${i}.lengteMeter`),
    );
  });

  it('checks TG messages that arrive together, each against its own order’s rules', async () => {
    await plannedOrder('R-SAMEN-OK');
    await plannedOrder('R-SAMEN-FOUT');
    await plannedOrder('R-SAMEN-ZUID', 'Netbeheer_Zuid');
    const iskra = { meter: { ...EXAMPLE_BERICHTEN.TG.data.meter, fabrikant: 'Iskra' } };
    // Sent at once, they are looked up as one batch (enforcement.ts): every answer is its own.
    const answers = await Promise.all([
      submit('Aannemer_Alfa', tg('R-SAMEN-FOUT', iskra)),
      submit('Aannemer_Alfa', tg('R-SAMEN-OK')),
      submit('Aannemer_Alfa', tg('R-SAMEN-ZUID', iskra)),
      submit('Aannemer_Alfa', tg('R-SAMEN-ONBEKEND')),
      submit('Aannemer_Alfa', tg('R-SAMEN-FOUT', { ...iskra, fotos: ['foto/x.jpg'] })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([422, 202, 202, 409, 422]);
    expect(answers[4]!.json().details.map((d: { field: string }) => d.field)).toEqual([
      'data.fotos',
      'data.meter.fabrikant',
    ]);
  });

  it('checks the party before the rules: a non-party learns neither rule details nor that the order exists', async () => {
    await plannedOrder('R-PARTIJ');
    const breaking = tg('R-PARTIJ', { meter: { ...EXAMPLE_BERICHTEN.TG.data.meter, fabrikant: 'Iskra' } });
    // The party itself is told what the rules say (the rules are in force for this order)…
    expect((await submit('Aannemer_Alfa', breaking)).statusCode).toBe(422);
    // …another contractor is answered as for an order that does not exist, with no rule details.
    const stranger = await submit('Aannemer_Beta', breaking);
    const none = await submit('Aannemer_Beta', { ...breaking, opdrachtId: 'R-BESTAAT-NIET' });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toEqual(none.json());
    expect(JSON.stringify(stranger.json())).not.toContain('fabrikant');
    const assets = EXAMPLE_BERICHTEN.AGA.data.assets.map((asset) => ({ ...asset, lengteMeter: undefined }));
    const aga = await submit('Aannemer_Beta', { ...EXAMPLE_BERICHTEN.AGA, opdrachtId: 'R-PARTIJ', data: { assets } });
    expect(aga.statusCode).toBe(409);
    expect(JSON.stringify(aga.json())).not.toContain('lengteMeter');
    expect(await stored('R-PARTIJ', 'TG')).toEqual([]);
  });

  it('applies the rules of the grid operator a delegated one gave the order for', async () => {
    const opdracht = EXAMPLE_BERICHTEN.Opdracht;
    const data = { ...opdracht.data, opdrachtnemer: 'Aannemer_Alfa', opdrachtgever: 'Netbeheer_Noord' };
    const given = await submit('Gedelegeerd_Netbeheer_Delta', { ...opdracht, opdrachtId: 'R-DELTA', data });
    expect(given.statusCode, given.body).toBe(202);
    expect((await submit('Aannemer_Alfa', { ...EXAMPLE_BERICHTEN.Planning, opdrachtId: 'R-DELTA' })).statusCode).toBe(
      202,
    );
    const iskra = await submit(
      'Aannemer_Alfa',
      tg('R-DELTA', { meter: { ...EXAMPLE_BERICHTEN.TG.data.meter, fabrikant: 'Iskra' } }),
    );
    expect(iskra.statusCode).toBe(422);
    expect(iskra.json().details).toEqual([expect.objectContaining({ field: 'data.meter.fabrikant' })]);
  });

  it('accepts unchecked when the netbeheerder has no scenario for the combination', async () => {
    await plannedOrder('R-ZUID', 'Netbeheer_Zuid');
    expect((await submit('Aannemer_Alfa', tg('R-ZUID', { fotos: ['foto/x.jpg'] }))).statusCode).toBe(202);
    await plannedOrder('R-ANDERS', 'Netbeheer_Noord', { meter: 'Wisselen' });
    expect((await submit('Aannemer_Alfa', tg('R-ANDERS', { fotos: ['foto/x.jpg'] }))).statusCode).toBe(202);
  });
});
