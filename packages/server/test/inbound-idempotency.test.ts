import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN, parseBericht, type Bericht, type Omgeving } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { messages, opdrachten } from '../src/db/schema';
import { acceptBatch, type PreparedSubmit } from '../src/modules/inbound/accept';
import { createInboundService } from '../src/modules/inbound/service';
import { bearer, createTestApp, serviceUser, tokenFor, type TestApp } from './helpers';

/*
 * An Idempotency-Key that comes again (decision 0047): with the same message it answers the first
 * id, with another message 422 naming the header and nothing of it stored — in production and in
 * the test environment, within one batch and between two processes.
 */

let t: TestApp;
const systems = {} as Record<Omgeving, Record<string, string>>;
const dbOf = (omgeving: Omgeving): Database => (omgeving === 'test' ? t.app.testDb : t.app.db);

beforeAll(async () => {
  t = await createTestApp();
  systems.productie = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'noord-systeem' }));
  systems.test = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'noord-test', omgeving: 'test' }));
});
afterAll(() => t.close());

const order = (opdrachtId: string, data: object = {}) => ({
  type: 'Opdracht',
  versienummer: EXAMPLE_BERICHTEN.Opdracht.versienummer,
  opdrachtId,
  data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa', ...data },
});

/** The same JSON written otherwise: every object's keys in reverse order, and indented. */
const reordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reordered)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([key, member]) => [key, reordered(member)]),
        )
      : value;

const post = (omgeving: Omgeving, body: object, key: string, text = JSON.stringify(body)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/berichten',
    headers: { ...systems[omgeving], 'content-type': 'application/json', 'idempotency-key': key },
    payload: text,
  });

const stored = async (omgeving: Omgeving, opdrachtId: string) => ({
  orders: await dbOf(omgeving).$count(opdrachten, eq(opdrachten.opdrachtId, opdrachtId)),
  messages: await dbOf(omgeving).$count(messages, eq(messages.opdrachtId, opdrachtId)),
});

const keyDetails = [
  { field: 'Idempotency-Key', message: expect.stringContaining('al gebruikt voor een ander bericht') },
];
/** The refusal as a service throws it. */
const keyRefusal = { statusCode: 422, details: keyDetails };
/** The refusal as the API answers it. */
const refusedOnKey = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({ message: expect.any(String), details: keyDetails });
};

describe.each(['productie', 'test'] as const)('an Idempotency-Key sent again (%s)', (omgeving) => {
  const id = (name: string) => `IK-${omgeving}-${name}`;

  it('answers the same message again with the first id, in any key order; another message 422 naming the header, nothing of it stored', async () => {
    const body = order(id('1'));
    const first = await post(omgeving, body, id('key-1'));
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ duplicate: false });

    for (const text of [JSON.stringify(body), JSON.stringify(reordered(body), null, 2)]) {
      const again = await post(omgeving, body, id('key-1'), text);
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ id: first.json().id, duplicate: true });
    }
    // Another order, and the same order with other data: both another message.
    for (const other of [order(id('1-other')), order(id('1'), { omschrijving: 'Iets anders' })]) {
      const refused = await post(omgeving, other, id('key-1'));
      refusedOnKey(refused);
      expect(refused.json().message).toContain(first.json().id);
    }
    expect(await stored(omgeving, id('1'))).toEqual({ orders: 1, messages: 1 });
    expect(await stored(omgeving, id('1-other'))).toEqual({ orders: 0, messages: 0 });
  });

  it('two messages with one key in one batch: the first is accepted, the second refused on the key', async () => {
    const item = (b: Bericht): PreparedSubmit => ({
      id: randomUUID(),
      sender: 'Netbeheer_Noord',
      senderSide: 'opdrachtgever',
      flow: 'aansluiting',
      bericht: b,
      idempotencyKey: id('key-3'),
      keyGiven: true,
    });
    const parsed = (body: unknown) => {
      const result = parseBericht(body);
      if (!result.success) throw result.error;
      return result.data;
    };
    const first = item(parsed(order(id('3a'))));
    const other = item(parsed(order(id('3b'))));
    const same = item(parsed(reordered(order(id('3a')))));
    const outcomes = await acceptBatch(dbOf(omgeving), [first, other, same]);
    expect(outcomes[0]).toEqual({ ok: true, accepted: { id: first.id, duplicate: false } });
    expect(outcomes[1]).toMatchObject({ ok: false, error: keyRefusal });
    expect(outcomes[2]).toEqual({ ok: true, accepted: { id: first.id, duplicate: true } });
    expect(await stored(omgeving, id('3b'))).toEqual({ orders: 0, messages: 0 });
  });

  it('two concurrent posts with one key and different messages: one accepted, the other refused on the key', async () => {
    const bodies = [order(id('4a')), order(id('4b'))];
    const answers = await Promise.all(bodies.map((body) => post(omgeving, body, id('key-4'))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 422]);
    const winner = answers.findIndex((answer) => answer.statusCode === 202);
    refusedOnKey(answers[1 - winner]!);
    expect(await stored(omgeving, bodies[winner]!.opdrachtId)).toEqual({ orders: 1, messages: 1 });
    expect(await stored(omgeving, bodies[1 - winner]!.opdrachtId)).toEqual({ orders: 0, messages: 0 });
  });
});

describe('an Idempotency-Key sent again, on the paths beside the batch', () => {
  const system = serviceUser([], 'Netbeheer_Noord');

  it('a message the content rules refuse: its key answers the first id when it is the same message, 422 on the key when not', async () => {
    // The rules refuse what they accepted before (a rule changed meanwhile): a resubmission is still the first message.
    let refuse = false;
    const inbound = createInboundService({
      db: t.app.db,
      contentValidators: [async () => (refuse ? [{ field: 'data.omschrijving', message: 'Geweigerd.' }] : [])],
    });
    const body = order('IK-RULES');
    const first = await inbound.submit(system, body, 'ik-rules');
    refuse = true;
    expect(await inbound.submit(system, reordered(body), 'ik-rules')).toEqual({ id: first.id, duplicate: true });
    await expect(inbound.submit(system, order('IK-RULES-OTHER'), 'ik-rules')).rejects.toMatchObject(keyRefusal);
    await expect(inbound.submit(system, order('IK-RULES-OTHER'), 'ik-rules-free')).rejects.toMatchObject({
      statusCode: 422,
      details: [{ field: 'data.omschrijving' }],
    });
  });

  it('two processes sending one key with different messages at once: one is stored, the other refused on the key', async () => {
    // On one order, whose row lock the second transaction waits for: it then reads the keys as
    // they were before the first committed, and finds the key taken only when it writes.
    const alfa = serviceUser([], 'Aannemer_Alfa');
    const processes = [createInboundService({ db: t.app.db }), createInboundService({ db: t.app.db })];
    const bijstelling = (opdrachtId: string, reden: string) => ({
      ...EXAMPLE_BERICHTEN.Bijstelling,
      opdrachtId,
      data: { ...EXAMPLE_BERICHTEN.Bijstelling.data, reden },
    });
    for (let round = 0; round < 10; round++) {
      const opdrachtId = `IK-RACE-${round}`;
      await processes[0]!.submit(system, order(opdrachtId), `ik-race-order-${round}`);
      const answers = await Promise.allSettled(
        processes.map((inbound, n) => inbound.submit(alfa, bijstelling(opdrachtId, `Reden ${n}`), `ik-race-${round}`)),
      );
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual(['fulfilled', 'rejected']);
      const accepted = answers.findIndex((answer) => answer.status === 'fulfilled');
      expect(answers[1 - accepted]).toMatchObject({ status: 'rejected', reason: keyRefusal });
      const [message] = await t.app.db
        .select()
        .from(messages)
        .where(and(eq(messages.opdrachtId, opdrachtId), eq(messages.type, 'Bijstelling')));
      expect(message?.data).toMatchObject({ reden: `Reden ${accepted}` });
      expect(await stored('productie', opdrachtId)).toEqual({ orders: 1, messages: 2 });
    }
  });

  it('after retention removed the payload: the same order and type answer the first id, another order 422', async () => {
    const first = await post('productie', order('IK-KEPT'), 'ik-kept');
    expect(first.statusCode, first.body).toBe(202);
    await t.app.db.execute(
      sql`update messages set data = '{}'::jsonb, data_removed_at = now(), data_removed_after_days = 90
          where id = ${first.json().id}`,
    );
    const again = await post('productie', order('IK-KEPT', { omschrijving: 'niet meer te vergelijken' }), 'ik-kept');
    expect(again.json()).toEqual({ id: first.json().id, duplicate: true });
    refusedOnKey(await post('productie', order('IK-KEPT-OTHER'), 'ik-kept'));
  });
});
