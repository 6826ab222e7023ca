import { eq } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, opdrachten, orderHeads } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/** Who may start what at the participants' API (decision 0015), against the demo organisations. */
let t: TestApp;
const systems: Record<string, Record<string, string>> = {};
let beheer: Record<string, string>;

const SYSTEMS = [
  'Netbeheer_Noord',
  'Netbeheer_Zuid',
  'Aannemer_Alfa',
  'Aannemer_Beta',
  'Combi_Oost',
  'Implementatie_Partner_Integra',
  'Gedelegeerd_Netbeheer_Delta',
  'Knooppunt_Beheer',
  // No organisation of the platform.
  'Spook_BV',
];

beforeAll(async () => {
  t = await createTestApp();
  for (const deelnemer of SYSTEMS) {
    systems[deelnemer] = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
  }
  beheer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles', 'Gebruikers Beheren'] }));
});
afterAll(() => t.close());

type Example = (typeof EXAMPLE_BERICHTEN)[keyof typeof EXAMPLE_BERICHTEN];
const submit = (from: string, bericht: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/berichten', headers: systems[from], payload: bericht });
const about = (opdrachtId: string, example: Example, data: object = {}) => ({
  ...example,
  opdrachtId,
  data: { ...example.data, ...data },
});
const opdracht = (opdrachtId: string, data: object) => about(opdrachtId, EXAMPLE_BERICHTEN.Opdracht, data);

/** Nothing of the order was stored: no order, no message, no head. */
async function nothingStored(opdrachtId: string) {
  const where = <T extends { opdrachtId: unknown }>(table: T) => eq(table.opdrachtId as never, opdrachtId);
  expect(await t.app.db.select().from(opdrachten).where(where(opdrachten))).toEqual([]);
  expect(await t.app.db.select().from(messages).where(where(messages))).toEqual([]);
  expect(await t.app.db.select().from(orderHeads).where(where(orderHeads))).toEqual([]);
}

/** A 422 naming exactly this field, with a Dutch message containing `text`. */
function refused(response: { statusCode: number; json(): unknown }, field: string, text: string) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { message: string; details: { field: string; message: string }[] };
  expect(body.details).toEqual([{ field, message: expect.stringContaining(text) }]);
  expect(body.message).toBe(body.details[0]!.message);
}

describe('who may give an order', () => {
  it("accepts an order of a grid operator to a contractor and to a combi (the test's control)", async () => {
    expect((await submit('Netbeheer_Noord', opdracht('P-OK-1', { opdrachtnemer: 'Aannemer_Alfa' }))).statusCode).toBe(
      202,
    );
    expect((await submit('Netbeheer_Zuid', opdracht('P-OK-2', { opdrachtnemer: 'Combi_Oost' }))).statusCode).toBe(202);
    const hoofdnet = about('P-OK-3', EXAMPLE_BERICHTEN.OpdrachtHoofdnet, { opdrachtnemer: 'Aannemer_Beta' });
    expect((await submit('Netbeheer_Noord', hoofdnet)).statusCode).toBe(202);
  });

  it("refuses an order from a contractor's system: 422 on afzender, nothing stored", async () => {
    const response = await submit('Aannemer_Alfa', opdracht('P-AAN', { opdrachtnemer: 'Aannemer_Beta' }));
    refused(response, 'afzender', 'Bericht Opdracht wordt verstuurd door de opdrachtgever');
    expect(response.json().message).toContain('afzender Aannemer_Alfa is een aannemer');
    await nothingStored('P-AAN');
  });

  it('refuses an order from an implementation partner, the platform operator and an unknown participant', async () => {
    const cases: [string, string][] = [
      ['Implementatie_Partner_Integra', 'is een implementatie partner'],
      ['Knooppunt_Beheer', 'is een beheerder'],
      ['Spook_BV', 'Afzender Spook_BV is geen bekende deelnemer van het platform.'],
    ];
    for (const [from, text] of cases) {
      refused(await submit(from, opdracht(`P-${from}`, { opdrachtnemer: 'Aannemer_Alfa' })), 'afzender', text);
      await nothingStored(`P-${from}`);
    }
  });

  it('refuses an order of a grid operator to itself or to another grid operator: 422 on data.opdrachtnemer', async () => {
    for (const [id, opdrachtnemer] of [
      ['P-ZELF', 'Netbeheer_Noord'],
      ['P-ZUID', 'Netbeheer_Zuid'],
      ['P-DELTA', 'Gedelegeerd_Netbeheer_Delta'],
    ]) {
      const response = await submit('Netbeheer_Noord', opdracht(id!, { opdrachtnemer }));
      refused(response, 'data.opdrachtnemer', `Opdrachtnemer ${opdrachtnemer} is een`);
      expect(response.json().message).toContain('een opdracht gaat naar een aannemer of combi');
      await nothingStored(id!);
    }
    const hoofdnet = about('P-ZELF-H', EXAMPLE_BERICHTEN.OpdrachtHoofdnet, { opdrachtnemer: 'Netbeheer_Noord' });
    refused(await submit('Netbeheer_Noord', hoofdnet), 'data.opdrachtnemer', 'is een netbeheerder');
    await nothingStored('P-ZELF-H');
  });

  it('refuses an unknown or misspelled receiver at once (it used to be accepted and land in uitval)', async () => {
    for (const [i, opdrachtnemer] of ['Aannemer_Onbekend', 'aannemer_alfa', 'Aannemer Alfa'].entries()) {
      const response = await submit('Netbeheer_Noord', opdracht(`P-ONBEKEND-${i}`, { opdrachtnemer }));
      refused(response, 'data.opdrachtnemer', `Opdrachtnemer '${opdrachtnemer}' is geen bekende deelnemer`);
      await nothingStored(`P-ONBEKEND-${i}`);
    }
  });

  it('accepts an order to a new contractor once an administrator has registered it', async () => {
    const before = await submit('Netbeheer_Noord', opdracht('P-NIEUW', { opdrachtnemer: 'Aannemer_Nieuw' }));
    refused(before, 'data.opdrachtnemer', "Opdrachtnemer 'Aannemer_Nieuw' is geen bekende deelnemer");
    const registered = await t.app.inject({
      method: 'POST',
      url: '/rest/organisations',
      headers: beheer,
      payload: { organisatie: 'Aannemer_Nieuw', type: 'Aannemer' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const after = await submit('Netbeheer_Noord', opdracht('P-NIEUW', { opdrachtnemer: 'Aannemer_Nieuw' }));
    expect(after.statusCode).toBe(202);
    const [message] = await t.app.db.select().from(messages).where(eq(messages.opdrachtId, 'P-NIEUW'));
    expect(message).toMatchObject({ sender: 'Netbeheer_Noord', receiver: 'Aannemer_Nieuw' });
  });

  it('lets a grid operator name itself as opdrachtgever, and no other grid operator', async () => {
    const other = await submit(
      'Netbeheer_Noord',
      opdracht('P-NAMENS-ZUID', { opdrachtnemer: 'Aannemer_Alfa', opdrachtgever: 'Netbeheer_Zuid' }),
    );
    refused(other, 'data.opdrachtgever', 'Een netbeheerder geeft alleen opdrachten namens zichzelf');
    await nothingStored('P-NAMENS-ZUID');
    const itself = await submit(
      'Netbeheer_Noord',
      opdracht('P-NAMENS-ZELF', { opdrachtnemer: 'Aannemer_Alfa', opdrachtgever: 'Netbeheer_Noord' }),
    );
    expect(itself.statusCode).toBe(202);
  });

  it('lets a delegated grid operator give an order for one of its grid operators, named in data.opdrachtgever', async () => {
    const unnamed = await submit(
      'Gedelegeerd_Netbeheer_Delta',
      opdracht('P-DEL-1', { opdrachtnemer: 'Aannemer_Alfa' }),
    );
    refused(unnamed, 'data.opdrachtgever', 'vul in opdrachtgever Netbeheer_Noord in');
    const notItsOwn = await submit(
      'Gedelegeerd_Netbeheer_Delta',
      opdracht('P-DEL-1', { opdrachtnemer: 'Aannemer_Alfa', opdrachtgever: 'Netbeheer_Zuid' }),
    );
    refused(notItsOwn, 'data.opdrachtgever', 'namens een netbeheerder');
    await nothingStored('P-DEL-1');

    const given = await submit(
      'Gedelegeerd_Netbeheer_Delta',
      opdracht('P-DEL-1', { opdrachtnemer: 'Aannemer_Alfa', opdrachtgever: 'Netbeheer_Noord' }),
    );
    expect(given.statusCode).toBe(202);
    // The delegated party gives the order and carries on the conversation; the data says for whom.
    const [order] = await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'P-DEL-1'));
    expect(order).toMatchObject({ opdrachtgever: 'Gedelegeerd_Netbeheer_Delta', opdrachtnemer: 'Aannemer_Alfa' });
    const [message] = await t.app.db.select().from(messages).where(eq(messages.opdrachtId, 'P-DEL-1'));
    expect(message?.data).toMatchObject({ opdrachtgever: 'Netbeheer_Noord' });
    expect((await submit('Aannemer_Alfa', about('P-DEL-1', EXAMPLE_BERICHTEN.Planning))).statusCode).toBe(202);
    const [planning] = await t.app.db
      .select()
      .from(messages)
      .where(eq(messages.opdrachtId, 'P-DEL-1'))
      .orderBy(messages.seq)
      .offset(1);
    expect(planning).toMatchObject({ type: 'Planning', receiver: 'Gedelegeerd_Netbeheer_Delta' });
  });
});

describe('every message type is sent by its side', () => {
  it('refuses a contractor type from a grid operator and a grid operator type from a contractor: 422 on afzender', async () => {
    expect((await submit('Netbeheer_Noord', opdracht('P-KANT', { opdrachtnemer: 'Aannemer_Alfa' }))).statusCode).toBe(
      202,
    );
    refused(
      await submit('Netbeheer_Noord', about('P-KANT', EXAMPLE_BERICHTEN.Planning)),
      'afzender',
      'Bericht Planning wordt verstuurd door de opdrachtnemer (aannemer of combi); afzender Netbeheer_Noord is een netbeheerder.',
    );
    refused(
      await submit('Aannemer_Alfa', about('P-KANT', EXAMPLE_BERICHTEN.Annulering)),
      'afzender',
      'Bericht Annulering wordt verstuurd door de opdrachtgever (netbeheerder of gedelegeerd netbeheerder)',
    );
    const [order] = await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'P-KANT'));
    expect(order).toMatchObject({ status: 100 });
    expect(await t.app.db.select().from(messages).where(eq(messages.opdrachtId, 'P-KANT'))).toHaveLength(1);
  });
});

describe("another participant's order cannot be probed", () => {
  it("answers a message about another participant's order exactly as one about an order that does not exist", async () => {
    expect((await submit('Netbeheer_Noord', opdracht('P-PROBE', { opdrachtnemer: 'Aannemer_Alfa' }))).statusCode).toBe(
      202,
    );
    const theirs = await submit('Aannemer_Beta', about('P-PROBE', EXAMPLE_BERICHTEN.Planning));
    const none = await submit('Aannemer_Beta', about('P-BESTAAT-NIET', EXAMPLE_BERICHTEN.Planning));
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual(none.json());
    expect(theirs.json().message).toBe(
      'Bericht Planning hoort bij een bestaande opdracht, maar er is geen opdracht met dit opdracht ID.',
    );
    // The grid operator's side too: another grid operator's order, and a cancellation of it.
    const annulering = (id: string) => about(id, EXAMPLE_BERICHTEN.Annulering);
    const zuid = await submit('Netbeheer_Zuid', annulering('P-PROBE'));
    expect(zuid.statusCode).toBe(409);
    expect(zuid.json()).toEqual((await submit('Netbeheer_Zuid', annulering('P-BESTAAT-NIET'))).json());
    // Giving an order under a taken id says only that it is taken, not the order's status.
    const taken = await submit('Netbeheer_Zuid', opdracht('P-PROBE', { opdrachtnemer: 'Aannemer_Beta' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Opdracht P-PROBE bestaat al.');
    const [order] = await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'P-PROBE'));
    expect(order).toMatchObject({ opdrachtgever: 'Netbeheer_Noord', status: 100 });
  });
});
