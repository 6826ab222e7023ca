import { eq, sql } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN, OPDRACHT_TEXTS, type OpdrachtHistory } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;
const systems: Record<string, Record<string, string>> = {};
let beheer: Record<string, string>;
/** The ids of the messages of the orders below, by order and type (the second of a type gets a 2). */
const ids: Record<string, Record<string, string>> = {};

const BEHEER_EMAIL = 'beheer.historie@knooppunt.example';
type Example = (typeof EXAMPLE_BERICHTEN)[keyof typeof EXAMPLE_BERICHTEN];

async function submit(from: string, opdrachtId: string, example: Example, data: object = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/berichten',
    headers: systems[from],
    payload: { ...example, opdrachtId, data: { ...example.data, ...data } },
  });
  expect(response.statusCode, response.body).toBe(202);
  const order = (ids[opdrachtId] ??= {});
  const name = order[example.type] ? `${example.type}2` : example.type;
  order[name] = response.json().id;
}

/** What the worker records after attempts: delivered, or failed so often with this error. */
async function delivered(id: string) {
  await t.app.db
    .update(messages)
    .set({ deliveredAt: sql`now()` })
    .where(eq(messages.id, id));
}
async function failed(id: string, attempts: number, msg: string) {
  await t.app.db
    .update(messages)
    .set({ failedAttempts: attempts, lastAttempt: sql`now()`, err: { msg, traceId: `trace-${id}` } })
    .where(eq(messages.id, id));
}

const get = (opdrachtId: string, headers: Record<string, string> = beheer) =>
  t.app.inject({ method: 'GET', url: `/rest/opdrachten/${opdrachtId}/historie`, headers });
const history = async (opdrachtId: string, headers: Record<string, string> = beheer) => {
  const response = await get(opdrachtId, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OpdrachtHistory;
};
const portal = async (roles: string[], deelnemer: string) => bearer(await tokenFor(t, { roles, deelnemer }));

beforeAll(async () => {
  t = await createTestApp();
  for (const deelnemer of ['Netbeheer_Noord', 'Aannemer_Alfa']) {
    systems[deelnemer] = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
  }
  beheer = bearer(
    await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer', email: BEHEER_EMAIL }),
  );

  // An Aansluiting order: given, planned, TG rejected and reported again.
  await submit('Netbeheer_Noord', 'HIST-A', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' });
  await submit('Aannemer_Alfa', 'HIST-A', EXAMPLE_BERICHTEN.Planning);
  await submit('Aannemer_Alfa', 'HIST-A', EXAMPLE_BERICHTEN.TG);
  await submit('Netbeheer_Noord', 'HIST-A', EXAMPLE_BERICHTEN.BeoordelingTG, { akkoord: false, reden: 'Onvolledig' });
  await submit('Aannemer_Alfa', 'HIST-A', EXAMPLE_BERICHTEN.TG);
  const a = ids['HIST-A']!;
  await delivered(a.Opdracht!);
  await failed(a.Planning!, 3, 'Afleveren mislukt: de ontvanger antwoordde met HTTP 503');
  // Resent by hand (a single resend, then 'Alles opnieuw versturen' over this order's uitval).
  const retry = await t.app.inject({
    method: 'POST',
    url: '/rest/management/message/retry',
    headers: beheer,
    payload: { id: a.Planning },
  });
  expect(retry.statusCode, retry.body).toBe(200);
  const bulk = await t.app.inject({
    method: 'POST',
    url: '/rest/management/message/bulk-retry',
    headers: beheer,
    payload: {
      filters: [
        { name: 'versienummer', value: '!h1.0' },
        { name: 'opdrachtId', value: 'HIST-A' },
        { name: 'isInError', value: true },
      ],
    },
  });
  expect(bulk.statusCode, bulk.body).toBe(202);

  // A Hoofdnet order with a levering, approved.
  await submit('Netbeheer_Noord', 'HIST-H', EXAMPLE_BERICHTEN.OpdrachtHoofdnet, { opdrachtnemer: 'Aannemer_Alfa' });
  await submit('Aannemer_Alfa', 'HIST-H', EXAMPLE_BERICHTEN.BeoordelingHoofdnet);
  await submit('Aannemer_Alfa', 'HIST-H', EXAMPLE_BERICHTEN.PlanningHoofdnet);
  await submit('Aannemer_Alfa', 'HIST-H', EXAMPLE_BERICHTEN.Deellevering, { leveringId: 'HIST-H-DL1' });
  await submit('Netbeheer_Noord', 'HIST-H', EXAMPLE_BERICHTEN.BeoordelingLevering, { leveringId: 'HIST-H-DL1' });

  // An order cancelled by hand: its delivered order message stays, its waiting planning goes.
  await submit('Netbeheer_Noord', 'HIST-C', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' });
  await submit('Aannemer_Alfa', 'HIST-C', EXAMPLE_BERICHTEN.Planning);
  await delivered(ids['HIST-C']!.Opdracht!);
  const cancel = await t.app.inject({
    method: 'PATCH',
    url: '/rest/management/opdracht/cancel/HIST-C',
    headers: beheer,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /rest/opdrachten/{opdrachtId}/historie', () => {
  it('answers the order and every message in the order accepted, with its delivery and the status it brought', async () => {
    const body = await history('HIST-A');
    const a = ids['HIST-A']!;
    expect(body).toMatchObject({
      opdrachtId: 'HIST-A',
      versienummer: '2.0',
      flow: 'aansluiting',
      opdrachtgever: 'Netbeheer_Noord',
      opdrachtnemer: 'Aannemer_Alfa',
      status: 300,
      statusText: 'Technisch gereed gemeld',
      inError: false,
      type: null,
      planStatusText: null,
      leveringen: [],
    });
    expect(body.berichten.map((b) => [b.id, b.type, b.sender, b.receiver, b.status, b.statusText])).toEqual([
      [a.Opdracht, 'Opdracht', 'Netbeheer_Noord', 'Aannemer_Alfa', 100, 'Opdracht verstrekt'],
      [a.Planning, 'Planning', 'Aannemer_Alfa', 'Netbeheer_Noord', 200, 'Gepland'],
      [a.TG, 'TG', 'Aannemer_Alfa', 'Netbeheer_Noord', 300, 'Technisch gereed gemeld'],
      [a.BeoordelingTG, 'BeoordelingTG', 'Netbeheer_Noord', 'Aannemer_Alfa', 310, 'Technisch gereed afgekeurd'],
      [a.TG2, 'TG', 'Aannemer_Alfa', 'Netbeheer_Noord', 300, 'Technisch gereed gemeld'],
    ]);
    const [opdracht, planning, tg] = body.berichten;
    expect(opdracht).toMatchObject({
      deliveredAt: expect.any(String),
      nextAttempt: null,
      failedAttempts: 0,
      err: null,
    });
    expect(Date.parse(opdracht!.deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(opdracht!.created));
    expect(planning).toMatchObject({
      deliveredAt: null,
      failedAttempts: 3,
      lastAttempt: expect.any(String),
      nextAttempt: expect.any(String),
      err: { msg: 'Afleveren mislukt: de ontvanger antwoordde met HTTP 503', traceId: `trace-${a.Planning}` },
      dataRemoved: null,
    });
    // The message itself, for its panel.
    expect(tg?.data).toEqual({ ...EXAMPLE_BERICHTEN.TG.data });
  });

  it('lists the resends of its messages from the audit log, naming the user for the super role', async () => {
    const { acties } = await history('HIST-A');
    const planning = ids['HIST-A']!.Planning;
    expect(acties).toEqual([
      {
        at: expect.any(String),
        action: 'message.retry',
        actionText: 'Bericht opnieuw verstuurd',
        actor: BEHEER_EMAIL,
        actorDeelnemer: 'Knooppunt_Beheer',
        actingFor: null,
        berichten: [planning],
        toelichting: null,
      },
      {
        at: expect.any(String),
        action: 'message.bulk-retry',
        actionText: 'Alles opnieuw verstuurd',
        actor: BEHEER_EMAIL,
        actorDeelnemer: 'Knooppunt_Beheer',
        actingFor: null,
        berichten: [planning],
        toelichting: null,
      },
    ]);
    expect(Date.parse(acties[0]!.at)).toBeLessThanOrEqual(Date.parse(acties[1]!.at));
  });

  it('answers a Hoofdnet order with its type, plan status and leveringen', async () => {
    const body = await history('HIST-H');
    expect(body).toMatchObject({
      flow: 'hoofdnet',
      versienummer: 'h1.0',
      status: 400,
      statusText: 'In uitvoering',
      type: 'Vervanging',
      planStatusText: 'Definitief',
      acties: [],
    });
    expect(body.berichten.map((b) => [b.type, b.status, b.planStatusText])).toEqual([
      ['OpdrachtHoofdnet', 100, null],
      ['BeoordelingHoofdnet', 200, null],
      ['PlanningHoofdnet', 300, 'Definitief'],
      ['Deellevering', 400, null],
      ['BeoordelingLevering', 400, null],
    ]);
    expect(body.leveringen).toEqual([
      {
        leveringId: 'HIST-H-DL1',
        type: 'Deellevering',
        messageType: 'BeoordelingLevering',
        statusText: 'Goedgekeurd',
        created: expect.any(String),
        changed: expect.any(String),
      },
    ]);
  });

  it('shows a manual cancel with the messages it deleted; the deleted ones are gone from the history', async () => {
    const body = await history('HIST-C');
    expect(body).toMatchObject({ status: 990, statusText: 'Opdracht handmatig geannuleerd' });
    expect(body.berichten.map((b) => b.type)).toEqual(['Opdracht']);
    expect(body.acties).toEqual([
      expect.objectContaining({
        action: 'opdracht.cancel',
        actionText: 'Opdracht geannuleerd',
        actor: BEHEER_EMAIL,
        berichten: [],
        toelichting: '1 bericht nog te verzenden verwijderd',
      }),
    ]);
  });

  it('shows a status that cannot be derived any more (payload removed by retention) as null', async () => {
    await t.app.db
      .update(messages)
      .set({ data: {}, dataRemovedAt: sql`now()`, dataRemovedAfterDays: 90 })
      .where(eq(messages.opdrachtId, 'HIST-C'));
    const [opdracht] = (await history('HIST-C')).berichten;
    // The order message creates the order whatever it held.
    expect(opdracht).toMatchObject({ status: 100, data: {}, dataRemoved: { at: expect.any(String), afterDays: 90 } });
  });

  it('shows a participant its own order, naming the organisation that acted instead of the user', async () => {
    const noord = await portal(['Beheer Monitoring'], 'Netbeheer_Noord');
    const body = await history('HIST-A', noord);
    expect(body.berichten).toHaveLength(5);
    expect(body.acties.map((actie) => [actie.action, actie.actor])).toEqual([
      ['message.retry', 'Knooppunt_Beheer'],
      ['message.bulk-retry', 'Knooppunt_Beheer'],
    ]);
    // The operator's own monitoring staff see every order, and the organisation too: not the audit log.
    const monitor = await portal(['Beheer Monitoring'], 'Knooppunt_Beheer');
    expect((await history('HIST-H', monitor)).opdrachtId).toBe('HIST-H');
    expect((await history('HIST-A', monitor)).acties[0]?.actor).toBe('Knooppunt_Beheer');
  });

  it("answers another participant's order exactly as an unknown one", async () => {
    const beta = await portal(['Beheer Monitoring'], 'Aannemer_Beta');
    const notYours = await get('HIST-A', beta);
    const unknown = await get('BESTAAT-NIET', beta);
    const unknownForBeheer = await get('BESTAAT-NIET');
    for (const response of [notYours, unknown, unknownForBeheer]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(notYours.body);
    }
    expect(notYours.json()).toEqual({ message: OPDRACHT_TEXTS.notFound });
  });

  it('answers 401 without a token and 403 without the monitoring right', async () => {
    expect((await get('HIST-A', {})).statusCode).toBe(401);
    const uitval = await portal(['Uitval Beheren'], 'Netbeheer_Noord');
    expect((await get('HIST-A', uitval)).statusCode).toBe(403);
  });

  it.each([
    ['longer than 64 characters', 'A'.repeat(65)],
    ['holding a NUL byte', 'HIST%00A'],
  ])('refuses an opdrachtId %s with a 400 naming it', async (_, opdrachtId) => {
    const response = await get(opdrachtId);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'opdrachtId' })]);
  });

  it('reads the order in one statement', async () => {
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = client.query;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args as [string | { text: string }];
      statements.push(typeof first === 'string' ? first : first.text);
      return original.apply(this, args);
    };
    try {
      await history('HIST-H');
    } finally {
      client.query = original;
    }
    // The token check may read too (the session generation); the history itself is one statement.
    expect(statements.filter((text) => /\b(opdrachten|messages|leveringen|audit_log)\b/.test(text))).toHaveLength(1);
  });
});
