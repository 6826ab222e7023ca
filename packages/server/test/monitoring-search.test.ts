import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { ALFA, BETA, GAMMA, NOORD, ZUID, at, labels, message, seedMessages } from './support/monitoring';

const AANSLUITING = { name: 'versienummer', value: '!h1.0' };
const HOOFDNET = { name: 'versienummer', value: 'h1.0' };
const UITVAL = { name: 'isInError', value: true };

let t: TestApp;
let monitor: Record<string, string>;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  monitor = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'] }));
  // nextAttempt and created in minutes from now; delivered messages keep an old nextAttempt in the
  // table, which the lists must not show or sort on.
  ids = await seedMessages(t.app.db, [
    message('m1', 'A-001', 'Opdracht', [NOORD, ALFA], { created: -50, nextAttempt: 60 }),
    message('m2', 'A-002', 'Opdracht', [ZUID, BETA], { created: -10, nextAttempt: 30 }),
    message('m3', 'A-001', 'Planning', [ALFA, NOORD], { created: -40, nextAttempt: 10, failedAttempts: 2 }),
    message('m4', 'A-003', 'TG', [BETA, ZUID], {
      created: -70,
      nextAttempt: -1440,
      delivered: true,
      failedAttempts: 1,
    }),
    message('m5', 'A-002', 'Bijstelling', [ZUID, BETA], { created: -30, nextAttempt: -2000, delivered: true }),
    message('m6', 'A-004', 'Opdracht', [NOORD, BETA], { created: -20, nextAttempt: 5, failedAttempts: 3 }),
    message('h1', 'H-001', 'OpdrachtHoofdnet', [NOORD, ALFA], { versienummer: 'h1.0', nextAttempt: 20 }),
    message('h2', 'H-001', 'BeoordelingHoofdnet', [ALFA, NOORD], {
      versienummer: 'h1.0',
      nextAttempt: 15,
      failedAttempts: 1,
    }),
    message('h3', 'H-002', 'Deellevering', [GAMMA, ZUID], { versienummer: 'h1.0', delivered: true }),
  ]);
});
afterAll(() => t.close());

const search = (body: object, headers = monitor) =>
  t.app.inject({ method: 'POST', url: '/rest/management/message/search', headers, payload: body });
const found = async (body: object, headers = monitor) => {
  const response = await search(body, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('POST /rest/management/message/search', () => {
  it('lists a flow by nextAttempt ascending, delivered messages (no nextAttempt) last, as the portal shows them', async () => {
    const body = await found({ filters: [AANSLUITING], skip: 0, limit: 50 });
    expect(labels(body)).toEqual(['m6', 'm3', 'm2', 'm1', 'm4', 'm5']);
    expect(body).toMatchObject({ count: 6, countIsLowerBound: false, skip: 0, limit: 50 });
    const m3 = body.items[1];
    expect(m3).toEqual({
      _id: ids.get('m3'),
      opdrachtId: 'A-001',
      sender: 'Aannemer_Alfa',
      receiver: 'Netbeheer_Noord',
      type: 'Planning',
      versienummer: '2.0',
      created: expect.any(String),
      failedAttempts: 2,
      lastAttempt: expect.any(String),
      nextAttempt: expect.any(String),
      data: { opdrachtId: 'A-001', label: 'm3' },
      deliveredAt: null,
      err: { msg: 'Afleveren mislukt (m3)', traceId: 'trace-m3' },
      dataRemoved: null,
    });
    // A delivered message says when (issue 29: the message panel shows it), and has no next attempt.
    expect(body.items.find((item: { _id: string }) => item._id === ids.get('m4'))).toMatchObject({
      nextAttempt: null,
      deliveredAt: at(-1).toISOString(),
      failedAttempts: 1,
    });
  });

  it("keeps the flows apart: 'h1.0' is the Hoofdnet messages, '!h1.0' the rest", async () => {
    expect(labels(await found({ filters: [HOOFDNET] }))).toEqual(['h2', 'h1', 'h3']);
    expect(labels(await found({ filters: [AANSLUITING] }))).not.toContain('h1');
  });

  it.each([
    ['opdrachtId', 'A-001', ['m3', 'm1']],
    ['sender', 'Netbeheer_Zuid', ['m2', 'm5']],
    ['receiver', 'Aannemer_Beta', ['m6', 'm2', 'm5']],
    ['type', ['Opdracht', 'TG'], ['m6', 'm2', 'm1', 'm4']],
    ['type', 'Planning', ['m3']],
    ['failedAttempts', 1, ['m6', 'm3', 'm4']],
    ['failedAttempts', 3, ['m6']],
    ['failedAttempts', 0, ['m6', 'm3', 'm2', 'm1', 'm4', 'm5']],
    ['sender', '  ', ['m6', 'm3', 'm2', 'm1', 'm4', 'm5']],
    ['type', [], ['m6', 'm3', 'm2', 'm1', 'm4', 'm5']],
  ])('filters %s = %j, and counts only the matches', async (name, value, expected) => {
    const body = await found({ filters: [AANSLUITING, { name, value }] });
    expect(labels(body)).toEqual(expected);
    expect(body.count).toBe(expected.length);
  });

  it('combines filters', async () => {
    const body = await found({
      filters: [AANSLUITING, { name: 'sender', value: 'Netbeheer_Noord' }, { name: 'failedAttempts', value: 1 }],
    });
    expect(labels(body)).toEqual(['m6']);
  });

  it('uitval (isInError): failed and not yet delivered, sorted by opdrachtId ascending', async () => {
    expect(labels(await found({ filters: [AANSLUITING, UITVAL] }))).toEqual(['m3', 'm6']);
    expect(labels(await found({ filters: [HOOFDNET, UITVAL] }))).toEqual(['h2']);
    const all = await found({ filters: [AANSLUITING, { name: 'isInError', value: false }] });
    expect(all.count).toBe(6);
  });

  it.each([
    ['created', 'asc', ['m4', 'm1', 'm3', 'm5', 'm6', 'm2']],
    ['created', 'desc', ['m2', 'm6', 'm5', 'm3', 'm1', 'm4']],
    ['opdrachtId', 'asc', ['m1', 'm3', 'm2', 'm5', 'm4', 'm6']],
    ['opdrachtId', 'desc', ['m6', 'm4', 'm5', 'm2', 'm3', 'm1']],
    ['nextAttempt', 'desc', ['m5', 'm4', 'm1', 'm2', 'm3', 'm6']],
  ])('sorts on %s %s (ties in arrival order)', async (sortBy, sortDirection, expected) => {
    expect(labels(await found({ filters: [AANSLUITING], sortBy, sortDirection }))).toEqual(expected);
  });

  it('sorts ascending when only sortBy is given', async () => {
    expect(labels(await found({ filters: [AANSLUITING], sortBy: 'created' }))).toEqual([
      'm4',
      'm1',
      'm3',
      'm5',
      'm6',
      'm2',
    ]);
  });

  it('pages: skip and limit cut the sorted list, count stays the total', async () => {
    const body = await found({ filters: [AANSLUITING], skip: 2, limit: 3 });
    expect(labels(body)).toEqual(['m2', 'm1', 'm4']);
    expect(body).toMatchObject({ count: 6, countIsLowerBound: false, skip: 2, limit: 3 });
    const past = await found({ filters: [AANSLUITING], skip: 10, limit: 3 });
    expect(past).toMatchObject({ items: [], count: 6, skip: 10 });
  });

  describe('tenancy: without the super role only the messages the own deelnemer sent or receives', () => {
    it('a Netbeheer_Noord user sees its own messages, and the count agrees', async () => {
      const noord = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Netbeheer_Noord' }));
      const body = await found({ filters: [AANSLUITING] }, noord);
      expect(labels(body)).toEqual(['m6', 'm3', 'm1']);
      expect(body.count).toBe(3);
      expect(
        labels(await found({ filters: [AANSLUITING, { name: 'sender', value: 'Netbeheer_Zuid' }] }, noord)),
      ).toEqual([]);
    });

    it('sorts and pages its own messages as any list', async () => {
      const noord = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Netbeheer_Noord' }));
      const own = (body: object) => found({ filters: [AANSLUITING], ...body }, noord);
      expect(labels(await own({ sortBy: 'opdrachtId', sortDirection: 'asc' }))).toEqual(['m1', 'm3', 'm6']);
      expect(labels(await own({ sortBy: 'created', sortDirection: 'desc' }))).toEqual(['m6', 'm3', 'm1']);
      expect(labels(await own({ sortBy: 'nextAttempt', sortDirection: 'desc' }))).toEqual(['m1', 'm3', 'm6']);
      const page = await own({ skip: 1, limit: 1 });
      expect(labels(page)).toEqual(['m3']);
      expect(page).toMatchObject({ count: 3, skip: 1, limit: 1 });
    });

    it("the platform operator's staff (an organisation of type Beheerder) see every participant's", async () => {
      const staff = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Knooppunt_Beheer' }));
      const body = await found({ filters: [AANSLUITING] }, staff);
      expect(body.count).toBe(6);
    });

    it('a user without a deelnemer sees nothing', async () => {
      const nobody = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: '' }));
      expect(await found({ filters: [AANSLUITING] }, nobody)).toMatchObject({ items: [], count: 0 });
    });
  });

  describe('rights', () => {
    it('answers 401 without a token', async () => {
      expect((await search({ filters: [AANSLUITING] }, {})).statusCode).toBe(401);
    });

    it('answers 403 without monitoring or uitval rights', async () => {
      const other = bearer(await tokenFor(t, { roles: ['Configuraties Beheren'] }));
      expect((await search({ filters: [AANSLUITING, UITVAL] }, other)).statusCode).toBe(403);
    });

    it('with only the uitval right: the uitval list of the own deelnemer, nothing else', async () => {
      const uitval = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: 'Netbeheer_Noord' }));
      expect(labels(await found({ filters: [AANSLUITING, UITVAL] }, uitval))).toEqual(['m3', 'm6']);
      for (const filters of [[AANSLUITING], [AANSLUITING, { name: 'isInError', value: false }]]) {
        const response = await search({ filters }, uitval);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toContain('isInError');
      }
    });
  });

  it.each([
    [{ filters: [] }, 'filters'],
    [{ filters: [{ name: 'opdrachtId', value: 'A-001' }] }, 'filters'],
    [{ filters: [{ name: 'versienummer', value: '2.0' }] }, 'filters.0.value'],
    [{ filters: [AANSLUITING, { name: 'status', value: 'error' }] }, 'filters.1.name'],
    [{ filters: [AANSLUITING, { name: 'type', value: 5 }] }, 'filters.1.value'],
    [{ filters: [AANSLUITING, { name: 'failedAttempts', value: -1 }] }, 'filters.1.value'],
    [{ filters: [AANSLUITING, { name: 'failedAttempts', value: 'veel' }] }, 'filters.1.value'],
    [{ filters: [AANSLUITING, { name: 'isInError', value: 'ja' }] }, 'filters.1.value'],
    [{ filters: [AANSLUITING, HOOFDNET] }, 'filters.1.name'],
    [{ filters: [AANSLUITING], sortBy: 'sender' }, 'sortBy'],
    [{ filters: [AANSLUITING], sortDirection: 'up' }, 'sortDirection'],
    [{ filters: [AANSLUITING], skip: -1 }, 'skip'],
    [{ filters: [AANSLUITING], limit: 0 }, 'limit'],
    [{ filters: [AANSLUITING], limit: 501 }, 'limit'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
    expect(response.json().message).toContain(field);
  });
});

describe('GET /rest/management/valuelist', () => {
  const valuelist = (query: string, headers = monitor) =>
    t.app.inject({ method: 'GET', url: `/rest/management/valuelist${query}`, headers });

  it.each(['2', '2.0'])('versienummer=%s: the senders and receivers of the Aansluiting messages', async (value) => {
    const response = await valuelist(`?versienummer=${value}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      senders: ['Aannemer_Alfa', 'Aannemer_Beta', 'Netbeheer_Noord', 'Netbeheer_Zuid'],
      receivers: ['Aannemer_Alfa', 'Aannemer_Beta', 'Netbeheer_Noord', 'Netbeheer_Zuid'],
    });
  });

  it.each(['h', 'h1.0'])('versienummer=%s: those of the Hoofdnet messages', async (value) => {
    expect((await valuelist(`?versienummer=${value}`)).json()).toEqual({
      senders: ['Aannemer_Alfa', 'Aannemer_Gamma', 'Netbeheer_Noord'],
      receivers: ['Aannemer_Alfa', 'Netbeheer_Noord', 'Netbeheer_Zuid'],
    });
  });

  it('is open to the uitval right as well (the Versturende partij filter)', async () => {
    const uitval = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: 'Netbeheer_Noord' }));
    expect((await valuelist('?versienummer=h', uitval)).statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 without either right', async () => {
    expect((await valuelist('?versienummer=2', {})).statusCode).toBe(401);
    const other = bearer(await tokenFor(t, { roles: ['Configuraties Beheren'] }));
    expect((await valuelist('?versienummer=2', other)).statusCode).toBe(403);
  });

  it.each(['', '?versienummer=', '?versienummer=3', '?versienummer=hoofdnet'])(
    'rejects %j with a 400 naming versienummer',
    async (query) => {
      const response = await valuelist(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ field: 'versienummer' })]);
    },
  );
});
