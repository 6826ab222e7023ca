import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_TEXTS, SHOWN_NAME_TEXTS, SUPER_ROLE } from '@knooppunt/domain';
import { organisations, systemClients, users } from '../src/db/schema';
import { SHOWN_NAMES_CHECK_TEXTS, shownNameFindings } from '../src/setup/shown-names-check';
import { bearer, createTestApp, logCollector, tokenFor, type TestApp } from './helpers';

/*
 * Names people tell parties apart by cannot pass for another (issue 31 item 5, decision 0053):
 * organisation names, users' e-mail addresses and system clients' omschrijving are stored NFC and
 * refuse invisible characters and mixed scripts; an organisation name refuses a look-alike of an
 * existing one. Existing data is only reported, at start-up.
 */

const WARN = 40;

let t: TestApp;
let userAdmin: Record<string, string>;
let clientAdmin: Record<string, string>;
const log = logCollector();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  userAdmin = bearer(
    await tokenFor(t, { roles: ['Beheer User Viewers', 'Beheer User Beheer'], email: 'users@knooppunt.example' }),
  );
  clientAdmin = bearer(
    await tokenFor(t, { roles: [SUPER_ROLE, 'Connectiviteit Beheren'], deelnemer: 'Knooppunt_Beheer' }),
  );
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: url === '/rest/clients' ? clientAdmin : userAdmin,
    payload: payload as object,
  });
const createOrganisation = (organisatie: unknown) => post('/rest/organisations', { organisatie, type: 'Aannemer' });

async function counts() {
  const [orgs] = await t.app.db.select({ n: count() }).from(organisations);
  const [people] = await t.app.db.select({ n: count() }).from(users);
  const [clients] = await t.app.db.select({ n: count() }).from(systemClients);
  return [orgs?.n, people?.n, clients?.n];
}

const invisible = (label: string, codePoint: string) => SHOWN_NAME_TEXTS.invisible(label, codePoint);
const mixed = (label: string, character: string, codePoint: string) =>
  SHOWN_NAME_TEXTS.mixedScripts(label, character, codePoint);

describe('organisation names', () => {
  it('refuses invisible characters, mixed scripts and look-alikes of an existing name with a Dutch 400, and writes nothing', async () => {
    const cases: [name: string, message: string][] = [
      ['Netbeheer_Noord\u200b', invisible('Organisatie', 'U+200B')],
      ['Netbeheer\u200d_Noord', invisible('Organisatie', 'U+200D')],
      ['\u202eDROON_REEHEBTEN', invisible('Organisatie', 'U+202E')],
      ['Netbeheer_\u202dNoord', invisible('Organisatie', 'U+202D')],
      ['Netbeheer_Noord\u2066', invisible('Organisatie', 'U+2066')],
      ['Netbeheer\u00a0Noord', invisible('Organisatie', 'U+00A0')],
      ['Netbeheer\u00adNoord', invisible('Organisatie', 'U+00AD')],
      ['Netbeheer\u3164Noord', invisible('Organisatie', 'U+3164')],
      // The Cyrillic о in an otherwise Latin name.
      ['Netbeheer_N\u043eord', mixed('Organisatie', '\u043e', 'U+043E')],
      ['Aannemer Москва', mixed('Organisatie', 'М', 'U+041C')],
      // Single-script look-alikes: rn for m, fullwidth N, I for l; and white space a page collapses.
      ['Aannerner_Alfa', ORGANISATION_TEXTS.lookAlike('Aannemer_Alfa')],
      ['\uff2eetbeheer_Noord', ORGANISATION_TEXTS.lookAlike('Netbeheer_Noord')],
      ['NETBEHEER_N0ORD', ORGANISATION_TEXTS.lookAlike('Netbeheer_Noord')],
    ];
    const before = await counts();
    for (const [name, message] of cases) {
      const response = await createOrganisation(name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json(), JSON.stringify(name)).toEqual({
        message: `organisatie: ${message}`,
        details: [{ field: 'organisatie', message }],
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('stores the composed form (NFC): the decomposed spelling of a stored name is that name (409)', async () => {
    const composed = 'Caf\u00e9 Bouw';
    const decomposed = 'Cafe\u0301 Bouw';
    const first = await createOrganisation(decomposed);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().organisatie).toBe(composed);
    const [stored] = await t.app.db
      .select({ name: organisations.organisatie })
      .from(organisations)
      .where(eq(organisations.organisatie, composed));
    expect(stored?.name).toBe(composed);

    const before = await counts();
    for (const spelling of [composed, decomposed]) {
      const again = await createOrganisation(spelling);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ORGANISATION_TEXTS.duplicate(composed));
    }
    expect(await counts()).toEqual(before);
  });

  it('still takes names that differ visibly, in any one script', async () => {
    for (const name of ['Netbeheer Oost', 'Bouwbedrijf Ærø & Zn.', 'Aannemer 2 B.V.', 'Строймонтаж', 'Ηλεκτρική']) {
      const response = await createOrganisation(name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
    }
  });

  it('lets only one of two look-alikes created at the same moment in', async () => {
    const [first, second] = await Promise.all([
      createOrganisation('Aannemer Gamma'),
      createOrganisation('Aannerner Gamma'),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 400]);
    const refused = [first!, second!].find((response) => response.statusCode === 400)!;
    expect(refused.json().details).toEqual([expect.objectContaining({ field: 'organisatie' })]);
  });

  it('answers a clear 4xx, never a 5xx, to wrong types, NUL bytes and huge names', async () => {
    const before = await counts();
    for (const name of [
      5,
      null,
      ['Netbeheer_Noord'],
      { naam: 'x' },
      'a\u0000b',
      'x'.repeat(100_000),
      '\u200b',
      '\ud800',
    ]) {
      const response = await createOrganisation(name);
      const label = JSON.stringify(name).slice(0, 40);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toContain('organisatie');
    }
    expect(await counts()).toEqual(before);
  });
});

describe("users' e-mail addresses and clients' omschrijving", () => {
  it('refuses an e-mail address with an invisible character or a look-alike letter, naming the character', async () => {
    const before = await counts();
    const cases: [email: string, message: string][] = [
      ['jan\u200b@noord.example', invisible('E-mailadres', 'U+200B')],
      ['jan@n\u043eord.example', mixed('E-mailadres', '\u043e', 'U+043E')],
      ['\u202ejan@noord.example', invisible('E-mailadres', 'U+202E')],
    ];
    for (const [email, message] of cases) {
      const response = await post('/rest/users', { email, organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().details, email).toEqual([{ field: 'email', message }]);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses an invisible character in a client's omschrijving, and takes words in two scripts", async () => {
    const before = await counts();
    const refused = await post('/rest/clients', { organisatie: 'Aannemer_Beta', omschrijving: 'GIS\u2067-koppeling' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'omschrijving', message: invisible('Omschrijving', 'U+2067') }]);
    expect(await counts()).toEqual(before);
    const taken = await post('/rest/clients', { organisatie: 'Aannemer_Beta', omschrijving: 'Koppeling Київ' });
    expect(taken.statusCode, taken.body).toBe(201);
  });
});

describe('existing names at start-up', () => {
  it('said nothing for the demo data, which is clean', () => {
    const warned = log.lines.filter((line) => line.level === WARN && String(line.msg).startsWith('Bestaande namen'));
    expect(warned).toEqual([]);
  });

  it('lists what would now be refused, and leaves the data as it is', async () => {
    const [noord] = await t.app.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.organisatie, 'Netbeheer_Noord'));
    const stored = ['Netbeheer_Noord\u200b', 'Netbeheer_N\u043eord', 'Aannerner_Alfa', 'Cafe\u0301 Oud'];
    await t.app.db.insert(organisations).values(
      stored.map((organisatie) => ({
        organisatie,
        type: 'Aannemer',
        metadata: { deelnemer: organisatie, delegerenden: [] },
      })),
    );
    await t.app.db.insert(users).values({ email: 'piet@n\u043eord.example', organisationId: noord!.id, roles: [] });

    const findings = await shownNameFindings(t.app.db);
    expect(findings).toEqual(
      expect.arrayContaining([
        `"Netbeheer_Noord\u200b": ${invisible('Organisatie', 'U+200B')} ${SHOWN_NAMES_CHECK_TEXTS.lookAlike('Netbeheer_Noord')}`,
        `"Netbeheer_N\u043eord": ${mixed('Organisatie', '\u043e', 'U+043E')} ${SHOWN_NAMES_CHECK_TEXTS.lookAlike('Netbeheer_Noord')}`,
        `"Aannerner_Alfa": ${SHOWN_NAMES_CHECK_TEXTS.lookAlike('Aannemer_Alfa')}`,
        `"Cafe\u0301 Oud": Organisatie ${SHOWN_NAMES_CHECK_TEXTS.notNfc}`,
        `"piet@n\u043eord.example": ${mixed('E-mailadres', '\u043e', 'U+043E')}`,
      ]),
    );
    const names = (await t.app.db.select({ name: organisations.organisatie }).from(organisations)).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(stored));
  });
});
