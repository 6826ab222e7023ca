import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITORING_COUNT_CAP } from '@knooppunt/domain';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let monitor: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  monitor = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'] }));
  // One past the cap for Netbeheer_Noord, exactly the cap for Netbeheer_Zuid.
  for (const [sender, rows] of [
    ['Netbeheer_Noord', MONITORING_COUNT_CAP + 1],
    ['Netbeheer_Zuid', MONITORING_COUNT_CAP],
  ] as const) {
    await t.app.db.execute(sql`
      insert into messages (opdracht_id, versienummer, type, sender, receiver, idempotency_key, data, next_attempt)
      select 'CAP-' || ${sender} || '-' || n, '2.0', 'Opdracht', ${sender}, 'Aannemer_Alfa', ${sender} || n, '{}'::jsonb,
             now() + n * interval '1 second'
      from generate_series(1, ${rows}) as n`);
    await t.app.db.execute(sql`
      insert into opdrachten (opdracht_id, versienummer, opdrachtgever, opdrachtnemer, status, status_text)
      select 'CAP-' || ${sender} || '-' || n, '2.0', ${sender}, 'Aannemer_Alfa', 100, 'Opdracht verstrekt'
      from generate_series(1, ${rows}) as n`);
  }
}, 120_000);
afterAll(() => t.close());

const search = async (url: string, filters: object[], skip = 0) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/rest/management/${url}`,
    headers: monitor,
    payload: { filters, skip, limit: 50 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe(`counts are capped at ${MONITORING_COUNT_CAP} ('meer dan')`, () => {
  it.each([
    ['message/search', [{ name: 'versienummer', value: '!h1.0' }], 'sender'],
    ['opdracht/search', [], 'opdrachtgever'],
  ])('%s: past the cap the count is the cap, as a lower bound; up to it, exact', async (url, filters, party) => {
    const over = await search(url, [...filters, { name: party, value: 'Netbeheer_Noord' }]);
    expect(over).toMatchObject({ count: MONITORING_COUNT_CAP, countIsLowerBound: true });
    expect(over.items).toHaveLength(50);
    const exact = await search(url, [...filters, { name: party, value: 'Netbeheer_Zuid' }]);
    expect(exact).toMatchObject({ count: MONITORING_COUNT_CAP, countIsLowerBound: false });
    const all = await search(url, filters);
    expect(all).toMatchObject({ count: MONITORING_COUNT_CAP, countIsLowerBound: true });
  });

  it('pages past the cap still answer their rows', async () => {
    const page = await search(
      'message/search',
      [{ name: 'versienummer', value: '!h1.0' }],
      MONITORING_COUNT_CAP * 2 - 10,
    );
    expect(page.items).toHaveLength(11);
    expect(page).toMatchObject({ count: MONITORING_COUNT_CAP, countIsLowerBound: true });
  });
});
