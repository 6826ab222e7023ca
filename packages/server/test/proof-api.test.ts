import { createLocalJWKSet, jwtVerify } from 'jose';
import { EXAMPLE_BERICHTEN, MESSAGE_TEXTS, berichtStatusSchema } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { orderHeads, senders } from '../src/db/schema';
import { failMessages } from '../src/delivery/fail';
import { messageStatus } from '../src/modules/proof/message-status';
import { RECEIPT_KEYS_PATH } from '../src/modules/proof/routes';
import { RECEIPT_TYP } from '../src/receipts/signer';
import { verifyReceipt } from '../src/receipts/verify-receipt';
import { bearer, createListeningTestApp, systemHeaders, tokenFor, type TestApp } from './helpers';
import { VERSIENUMMER, deliveryFixture, inLane, submit } from './support/delivery';

let t: TestApp;

beforeAll(async () => {
  t = await createListeningTestApp({ ROLE: 'all' });
});
afterAll(() => t.close());

const system = (deelnemer: string) => systemHeaders(t, deelnemer);

async function sendOrder(opdrachtId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/berichten',
    headers: await system('Netbeheer_Noord'),
    payload: {
      ...EXAMPLE_BERICHTEN.Opdracht,
      opdrachtId,
      data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa' },
    },
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

async function statusAs(deelnemer: string, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/berichten/${id}`, headers: await system(deelnemer) });
}

describe('GET /api/v1/berichten/{id}', { timeout: 30_000 }, () => {
  it('answers both parties the delivered message with a receipt that verifies with the published keys', async () => {
    const id = await sendOrder('PROOF-1');
    let body: unknown;
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      const response = await statusAs('Netbeheer_Noord', id);
      expect(response.statusCode).toBe(200);
      body = response.json();
      if ((body as { status: string }).status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const status = berichtStatusSchema.parse(body);
    expect(status).toMatchObject({ id, opdrachtId: 'PROOF-1', status: 'delivered', sender: 'Netbeheer_Noord' });
    expect(status.receipt?.claims).toMatchObject({ id, receiver: 'Aannemer_Alfa', attempt: 1 });
    expect(status.receipt?.claims.deliveredAt).toBe(status.deliveredAt);

    // Anyone can fetch the keys, without a token, and verify the receipt with them.
    const keys = await t.app.inject({ method: 'GET', url: RECEIPT_KEYS_PATH });
    expect(keys.statusCode).toBe(200);
    const verified = await verifyReceipt(status.receipt!, createLocalJWKSet(keys.json()));
    expect(verified).toMatchObject({ claims: status.receipt!.claims });
    const { payload } = await jwtVerify(status.receipt!.batch, createLocalJWKSet(keys.json()), { typ: RECEIPT_TYP });
    expect((payload.leaves as string[])[status.receipt!.index]).toMatch(/^[0-9a-f]{64}$/);

    const receiver = await statusAs('Aannemer_Alfa', id);
    expect(receiver.statusCode).toBe(200);
    expect(receiver.json()).toEqual(status);
  });

  it('answers another participant exactly as an unknown id; refuses no token, a portal user and a malformed id', async () => {
    const id = await sendOrder('PROOF-2');
    const other = await statusAs('Aannemer_Beta', id);
    const unknown = await statusAs('Netbeheer_Noord', '6f1c7a52-8a0e-4c43-9d7e-3f0b8b1d2a11');
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
    expect(other.json()).toEqual({ message: MESSAGE_TEXTS.notFound });

    expect((await t.app.inject({ method: 'GET', url: `/api/v1/berichten/${id}` })).statusCode).toBe(401);
    const portalUser = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Netbeheer_Noord' }));
    const asUser = await t.app.inject({ method: 'GET', url: `/api/v1/berichten/${id}`, headers: portalUser });
    expect(asUser.statusCode).toBe(403);

    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v1/berichten/${'x'.repeat(3000)}`,
      headers: await system('Netbeheer_Noord'),
    });
    expect(long.statusCode).toBe(414);
    for (const bad of ['niet-een-uuid', `${id}%00`, 'x'.repeat(90)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/berichten/${bad}`,
        headers: await system('Netbeheer_Noord'),
      });
      expect(response.statusCode, bad.slice(0, 20)).toBe(400);
      expect(JSON.stringify(response.json())).toContain('id');
    }
  });
});

describe('where an undelivered message stands', () => {
  it('accepted, waiting behind the earlier message of its order or a paused receiver, failing with its attempts', async () => {
    const f = await deliveryFixture();
    try {
      const first = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
      const second = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', type: 'Annulering' });
      expect(await messageStatus(f.db, first, 'Netbeheer_Test')).toMatchObject({
        status: 'accepted',
        waitingFor: null,
        paused: false,
        deliveredAt: null,
        receipt: null,
      });
      expect(await messageStatus(f.db, second, 'Aannemer_Alfa')).toMatchObject({
        status: 'waiting',
        waitingFor: first,
      });
      expect(await messageStatus(f.db, first, 'Aannemer_Beta')).toBeUndefined();

      await f.db
        .insert(senders)
        .values({ deelnemer: 'Aannemer_Alfa', versienummer: VERSIENUMMER, version: 1, running: false });
      expect(await messageStatus(f.db, first, 'Netbeheer_Test')).toMatchObject({ status: 'waiting', paused: true });

      // As a worker's claim leaves the head: in a lane, the claim running.
      await f.db.update(orderHeads).set({ lane: randomUUID(), claimedUntil: new Date(Date.now() + 60_000) });
      const [claimed] = await inLane(f.db, [first]);
      const err = { msg: 'HTTP 503 Service Unavailable', traceId: 't' };
      await failMessages(f.db, [{ ...claimed!, delayMs: 60_000, err }]);
      expect(await messageStatus(f.db, first, 'Netbeheer_Test')).toMatchObject({
        status: 'failing',
        attempts: 1,
        lastError: 'HTTP 503 Service Unavailable',
      });
    } finally {
      await f.close();
    }
  });
});
