import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import {
  ALFA,
  BETA,
  GAMMA,
  NOORD,
  ZUID,
  labels,
  levering,
  order,
  seedLeveringen,
  seedOpdrachten,
} from './support/monitoring';

const HOOFDNET = { versienummer: 'h1.0', type: 'Hoofdleiding' };

let t: TestApp;
let monitor: Record<string, string>;
let noord: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  monitor = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'] }));
  noord = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Netbeheer_Noord' }));
  // created and changed in minutes from now.
  await seedOpdrachten(t.app.db, [
    order('A-001', [NOORD, ALFA], { status: 200, created: -500, changed: -60 }),
    order('A-002', [ZUID, BETA], { status: 100, created: -100, changed: -10 }),
    order('A-003', [ZUID, BETA], { status: 900, created: -300, changed: -5 }),
    order('A-004', [NOORD, BETA], { status: 300, inError: true, created: -200, changed: -120 }),
    order('A-005', [NOORD, ALFA], { status: 990, created: -400, changed: -180 }),
    order('H-001', [NOORD, ALFA], {
      ...HOOFDNET,
      status: 300,
      planStatusText: 'Ingepland',
      created: -50,
      changed: -20,
    }),
    order('H-002', [ZUID, GAMMA], { ...HOOFDNET, status: 910, created: -40, changed: -1 }),
    order('H-003', [NOORD, BETA], {
      ...HOOFDNET,
      status: 400,
      inError: true,
      type: 'Station',
      created: -30,
      changed: -240,
    }),
  ]);
  await seedLeveringen(t.app.db, [
    levering('L-1', 'H-001', [NOORD, ALFA], {
      type: 'Deellevering',
      statusText: 'Ingediend',
      created: -2880,
      changed: -30,
    }),
    levering('L-2', 'H-002', [ZUID, GAMMA], {
      type: 'Eindlevering',
      statusText: 'Goedgekeurd',
      created: -1440,
      changed: -2,
    }),
    levering('L-3', 'H-003', [NOORD, BETA], {
      type: 'Deellevering',
      statusText: 'Afgekeurd',
      created: -4320,
      changed: -180,
    }),
  ]);
});
afterAll(() => t.close());

const post = (url: string, body: object, headers = monitor) =>
  t.app.inject({ method: 'POST', url: `/rest/management/${url}`, headers, payload: body });
const found = async (url: string, body: object, headers = monitor) => {
  const response = await post(url, body, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const status = (value: string) => ({ name: 'status', value });

describe('POST /rest/management/opdracht/search and opdracht-hoofdnet/search', () => {
  const aansluiting = (body: object, headers = monitor) => found('opdracht/search', body, headers);

  it('lists the Aansluiting orders, changed descending, with the fields of the overview', async () => {
    const body = await aansluiting({ skip: 0, limit: 50 });
    expect(labels(body, 'opdrachtId')).toEqual(['A-003', 'A-002', 'A-001', 'A-004', 'A-005']);
    expect(body).toMatchObject({ count: 5, countIsLowerBound: false, skip: 0, limit: 50 });
    expect(body.items[2]).toEqual({
      opdrachtId: 'A-001',
      versienummer: '2.0',
      opdrachtgever: 'Netbeheer_Noord',
      opdrachtnemer: 'Aannemer_Alfa',
      status: 200,
      statusText: 'Status 200',
      created: expect.any(String),
      changed: expect.any(String),
    });
  });

  it('lists the Hoofdnet orders on their own path, with type and plan status', async () => {
    const body = await found('opdracht-hoofdnet/search', {});
    expect(labels(body, 'opdrachtId')).toEqual(['H-002', 'H-001', 'H-003']);
    expect(body.items[1]).toMatchObject({ type: 'Hoofdleiding', planStatusText: 'Ingepland', status: 300 });
    expect(body.items[2]).toMatchObject({ type: 'Station', status: 'error' });
  });

  it.each([
    ['Open', ['A-002', 'A-001']],
    ['Afgerond', ['A-003', 'A-005']],
    ['Error', ['A-004']],
    ['Alle', ['A-003', 'A-002', 'A-001', 'A-004', 'A-005']],
  ])('status %s', async (value, expected) => {
    const body = await aansluiting({ filters: [status(value)] });
    expect(labels(body, 'opdrachtId')).toEqual(expected);
    expect(body.count).toBe(expected.length);
  });

  it('shows an order in error with status error', async () => {
    const body = await aansluiting({ filters: [status('Error')] });
    expect(body.items[0]).toMatchObject({ opdrachtId: 'A-004', status: 'error' });
  });

  it.each([
    ['opdrachtgever', 'Netbeheer_Noord', ['A-001', 'A-004', 'A-005']],
    ['opdrachtnemer', 'Aannemer_Beta', ['A-003', 'A-002', 'A-004']],
    ['opdrachtId', 'A-003', ['A-003']],
    ['opdrachtId', 'A-00', []],
    ['opdrachtId', '', ['A-003', 'A-002', 'A-001', 'A-004', 'A-005']],
  ])('filters %s = %j', async (name, value, expected) => {
    const body = await aansluiting({ filters: [{ name, value }] });
    expect(labels(body, 'opdrachtId')).toEqual(expected);
    expect(body.count).toBe(expected.length);
  });

  it('combines filters with the status', async () => {
    const body = await aansluiting({ filters: [{ name: 'opdrachtgever', value: 'Netbeheer_Noord' }, status('Open')] });
    expect(labels(body, 'opdrachtId')).toEqual(['A-001']);
  });

  it.each([
    ['created', 'asc', ['A-001', 'A-005', 'A-003', 'A-004', 'A-002']],
    ['created', 'desc', ['A-002', 'A-004', 'A-003', 'A-005', 'A-001']],
    ['opdrachtId', 'asc', ['A-001', 'A-002', 'A-003', 'A-004', 'A-005']],
    ['opdrachtId', 'desc', ['A-005', 'A-004', 'A-003', 'A-002', 'A-001']],
    ['changed', 'asc', ['A-005', 'A-004', 'A-001', 'A-002', 'A-003']],
  ])('sorts on %s %s', async (sortBy, sortDirection, expected) => {
    expect(labels(await aansluiting({ sortBy, sortDirection }), 'opdrachtId')).toEqual(expected);
  });

  it('pages with skip and limit; count stays the total', async () => {
    const body = await aansluiting({ skip: 1, limit: 2 });
    expect(labels(body, 'opdrachtId')).toEqual(['A-002', 'A-001']);
    expect(body).toMatchObject({ count: 5, skip: 1, limit: 2 });
  });

  it('a Netbeheer_Noord user sees only the orders it gives or takes, in both flows, counted alike', async () => {
    const own = await aansluiting({}, noord);
    expect(labels(own, 'opdrachtId')).toEqual(['A-001', 'A-004', 'A-005']);
    expect(own.count).toBe(3);
    expect(
      labels(await aansluiting({ filters: [{ name: 'opdrachtId', value: 'A-002' }] }, noord), 'opdrachtId'),
    ).toEqual([]);
    expect(labels(await found('opdracht-hoofdnet/search', {}, noord), 'opdrachtId')).toEqual(['H-001', 'H-003']);
  });

  it.each(['opdracht/search', 'opdracht-hoofdnet/search'])(
    '%s: 401 without a token, 403 without monitoring',
    async (url) => {
      expect((await post(url, {}, {})).statusCode).toBe(401);
      const uitval = bearer(await tokenFor(t, { roles: ['Uitval Beheren'] }));
      expect((await post(url, {}, uitval)).statusCode).toBe(403);
    },
  );

  it.each([
    [{ filters: [status('Gesloten')] }, 'filters.0.value'],
    [{ filters: [status('open')] }, 'filters.0.value'],
    [{ filters: [{ name: 'sender', value: 'X' }] }, 'filters.0.name'],
    [{ filters: [{ name: 'opdrachtgever', value: ['X'] }] }, 'filters.0.value'],
    [{ filters: [status('Open'), status('Alle')] }, 'filters.1.name'],
    [{ sortBy: 'statusText' }, 'sortBy'],
    [{ sortDirection: 'descending' }, 'sortDirection'],
    [{ skip: -5 }, 'skip'],
    [{ limit: 10_000 }, 'limit'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const response = await post('opdracht-hoofdnet/search', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('POST /rest/management/levering/search', () => {
  const leveringen = (body: object, headers = monitor) => found('levering/search', body, headers);

  it('lists the leveringen changed descending, with the fields of the overview', async () => {
    const body = await leveringen({ skip: 0, limit: 30 });
    expect(labels(body, 'leveringId')).toEqual(['L-2', 'L-1', 'L-3']);
    expect(body).toMatchObject({ count: 3, countIsLowerBound: false, skip: 0, limit: 30 });
    expect(body.items[1]).toEqual({
      opdrachtId: 'H-001',
      leveringId: 'L-1',
      opdrachtgever: 'Netbeheer_Noord',
      opdrachtnemer: 'Aannemer_Alfa',
      messageType: 'Deellevering',
      type: 'Deellevering',
      statusText: 'Ingediend',
      created: expect.any(String),
      changed: expect.any(String),
    });
  });

  it.each([
    ['opdrachtId', 'H-001', ['L-1']],
    ['opdrachtgever', 'Netbeheer_Zuid', ['L-2']],
    ['opdrachtnemer', 'Aannemer_Beta', ['L-3']],
    ['status', 'error', ['L-3']],
  ])('filters %s = %j', async (name, value, expected) => {
    const body = await leveringen({ filters: [{ name, value }] });
    expect(labels(body, 'leveringId')).toEqual(expected);
    expect(body.count).toBe(expected.length);
  });

  it.each([
    ['created', 'asc', ['L-3', 'L-1', 'L-2']],
    ['created', 'desc', ['L-2', 'L-1', 'L-3']],
    ['changed', 'asc', ['L-3', 'L-1', 'L-2']],
  ])('sorts on %s %s', async (sortBy, sortDirection, expected) => {
    expect(labels(await leveringen({ sortBy, sortDirection }), 'leveringId')).toEqual(expected);
  });

  it('pages with skip and limit', async () => {
    const body = await leveringen({ skip: 2, limit: 1 });
    expect(labels(body, 'leveringId')).toEqual(['L-3']);
    expect(body).toMatchObject({ count: 3, skip: 2, limit: 1 });
  });

  it('a Netbeheer_Noord user sees only the leveringen of its own orders', async () => {
    const body = await leveringen({}, noord);
    expect(labels(body, 'leveringId')).toEqual(['L-1', 'L-3']);
    expect(body.count).toBe(2);
  });

  it('answers 401 without a token and 403 without monitoring', async () => {
    expect((await post('levering/search', {}, {})).statusCode).toBe(401);
    const uitval = bearer(await tokenFor(t, { roles: ['Uitval Beheren'] }));
    expect((await post('levering/search', {}, uitval)).statusCode).toBe(403);
  });

  it.each([
    [{ filters: [status('Open')] }, 'filters.0.value'],
    [{ filters: [{ name: 'type', value: 'Deellevering' }] }, 'filters.0.name'],
    [{ sortBy: 'opdrachtId' }, 'sortBy'],
    [{ sortDirection: 'DESC' }, 'sortDirection'],
    [{ skip: 1.5 }, 'skip'],
    [{ limit: 501 }, 'limit'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const response = await post('levering/search', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });
});
