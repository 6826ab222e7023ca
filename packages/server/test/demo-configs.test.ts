import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let beheer: Record<string, string>;

// The demo configurations point at the demo participants on this very server: it must listen.
beforeAll(async () => {
  t = await createListeningTestApp();
  beheer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer' }));
});
afterAll(() => t.close());

const check = (deelnemer: string, versienummer: string, version = 1, draft = false) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/management/connection-check',
    headers: beheer,
    payload: { deelnemer, versienummer, version, draft },
  });

describe('demo configurations', () => {
  it('give every demo participant a running configuration in both flows, and Netbeheer_Noord a draft', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/management/config/search',
      headers: beheer,
      payload: { filters: [], limit: 100 },
    });
    const items = response.json().items as {
      deelnemer: string;
      versienummer: string;
      draft: boolean;
      sender?: object;
    }[];
    for (const versienummer of ['2.0', 'h1.0']) {
      const active = items.filter((item) => item.versienummer === versienummer && !item.draft);
      expect(active.map((item) => item.deelnemer)).toEqual(
        expect.arrayContaining(['Netbeheer_Noord', 'Aannemer_Alfa']),
      );
      expect(active.every((item) => item.sender)).toBe(true);
    }
    expect(items.filter((item) => item.draft)).toEqual([
      expect.objectContaining({ deelnemer: 'Netbeheer_Noord', versienummer: '2.0' }),
    ]);
  });

  it('pass the connection check against the demo participants: one map of tokenUrl and every callback type to its result', async () => {
    const response = await check('Aannemer_Alfa', '2.0');
    expect(response.statusCode).toBe(200);
    const { results, ...rest } = response.json() as { results: Record<string, unknown> };
    expect(rest).toEqual({});
    // Spec 000 §3: keyed by tokenUrl and by each callback URL's message type, nothing else.
    expect(Object.keys(results).sort()).toEqual(
      [
        'tokenUrl',
        'Annulering',
        'BeoordelingAGA',
        'BeoordelingAGP',
        'BeoordelingTG',
        'Opdracht',
        'OpdrachtGereed',
      ].sort(),
    );
    for (const result of Object.values(results)) {
      expect(result).toEqual({ success: true, message: expect.any(String), details: expect.any(Array) });
    }
  });

  it('fail instructively for Aannemer_Gamma: a token without validity, callbacks not checked', async () => {
    const { results } = (await check('Aannemer_Gamma', 'h1.0')).json();
    expect(results.tokenUrl).toMatchObject({
      success: false,
      message: expect.stringContaining('Geldigheid van het token onbekend'),
    });
    // No callback was called: their entries are absent.
    expect(Object.keys(results)).toEqual(['tokenUrl']);
  });

  it('answer 404 for a version that does not exist', async () => {
    expect((await check('Aannemer_Alfa', '2.0', 9)).statusCode).toBe(404);
  });

  it('give the Testtool’s demo participants test configurations whose test callbacks take the simulator’s messages', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/test/rest/management/config/search',
      headers: beheer,
      payload: { filters: [], limit: 100 },
    });
    const items = search.json().items as { deelnemer: string; versienummer: string; sender?: { running: boolean } }[];
    expect(items.map((item) => `${item.deelnemer} ${item.versienummer}`).sort()).toEqual([
      'Aannemer_Alfa 2.0',
      'Aannemer_Alfa h1.0',
      'Netbeheer_Noord 2.0',
      'Netbeheer_Noord h1.0',
    ]);
    expect(items.every((item) => item.sender?.running)).toBe(true);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/test/rest/management/connection-check',
      headers: beheer,
      payload: { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', version: 1, draft: false },
    });
    const results = checked.json().results as Record<string, { success: boolean }>;
    expect(results.Opdracht).toMatchObject({ success: true });
    expect(Object.values(results).every((result) => result.success)).toBe(true);
    const partner = await t.app.inject({
      method: 'GET',
      url: '/rest/implementatiepartners?organisatie=Implementatie_Partner_Integra',
      headers: beheer,
    });
    expect(partner.json().items).toEqual([expect.objectContaining({ deelnemer: 'Aannemer_Alfa' })]);
  });
});
