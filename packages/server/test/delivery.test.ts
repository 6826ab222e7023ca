import { eq, and, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, opdrachten, orderHeads, senders } from '../src/db/schema';
import { DuplicateMessageError, enqueueMessage } from '../src/delivery/enqueue';
import { failMessages } from '../src/delivery/fail';
import {
  VERSIENUMMER,
  bodyOf,
  eventually,
  seedReceiver,
  workerWentOn,
  submit,
  useDeliveryResources,
} from './support/delivery';

const { fixture, receiver } = useDeliveryResources();

describe('delivery', { timeout: 60_000 }, () => {
  it('delivers a batch with the message id as idempotency key, a trace id and one reused token', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: `O-${i}`, data: { i } }));
    }
    f.startWorker();

    await eventually(() => expect(alfa.callbacks).toHaveLength(12));
    expect(alfa.tokenRequests).toBe(1);
    for (const request of alfa.callbacks) {
      const body = bodyOf(request);
      expect(request.url).toBe('/callback/Opdracht');
      expect(request.headers.authorization).toBe('Bearer token-1');
      expect(request.headers['idempotency-key']).toBe(body.id);
      expect(request.headers['x-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(body).toMatchObject({ type: 'Opdracht', versienummer: VERSIENUMMER, sender: 'Netbeheer_Test' });
    }
    expect(new Set(alfa.callbacks.map((request) => bodyOf(request).id))).toEqual(new Set(ids));
    await eventually(async () => {
      const rows = await f.db.select().from(messages);
      expect(rows.every((row) => row.deliveredAt !== null)).toBe(true);
      expect(await f.db.select().from(orderHeads)).toEqual([]);
    });
  });

  it('fetches a fresh token when the receiver answers 401, and delivers with it', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    f.startWorker();
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await eventually(() => expect(alfa.callbacks).toHaveLength(1));

    alfa.validToken = 'token-2';
    const id = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-2' });
    await eventually(() => expect(alfa.callbacks).toHaveLength(2));
    expect(alfa.tokenRequests).toBe(2);
    expect(alfa.callbacks[1]?.headers.authorization).toBe('Bearer token-2');
    expect(bodyOf(alfa.callbacks[1]!).id).toBe(id);
  });

  it('refuses a second message with the same idempotency key of the same sender', async () => {
    const f = await fixture();
    const message = {
      opdrachtId: 'O-1',
      versienummer: VERSIENUMMER,
      type: 'Opdracht',
      sender: 'Netbeheer_Test',
      receiver: 'Aannemer_Alfa',
      idempotencyKey: 'k-1',
      data: {},
    };
    await f.db.transaction((tx) => enqueueMessage(tx, message));
    await expect(f.db.transaction((tx) => enqueueMessage(tx, message))).rejects.toBeInstanceOf(DuplicateMessageError);
    expect(await f.db.select().from(messages)).toHaveLength(1);
  });

  it('keeps each order in sequence and never exceeds maxMessages at the receiver', async () => {
    const f = await fixture();
    const alfa = await receiver({ delayMs: 5 });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin, maxMessages: 5 });
    f.startWorker();
    f.startWorker();
    const orders = Array.from({ length: 20 }, (_, o) => `O-${o}`);
    await Promise.all(
      orders.map(async (opdrachtId) => {
        for (let n = 0; n < 10; n++) await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId, data: { n } });
      }),
    );

    await eventually(() => expect(alfa.callbacks).toHaveLength(200), 20_000);
    for (const opdrachtId of orders) {
      const seen = alfa.callbacks.map(bodyOf).filter((body) => body.opdrachtId === opdrachtId);
      expect(seen.map((body) => body.data.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
    expect(alfa.maxConcurrent).toBeLessThanOrEqual(5);
    expect(alfa.maxConcurrent).toBeGreaterThan(1);
  });

  it('sends nothing to a sender with maxMessages 0; a receiver without a sender gets its messages into uitval', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin, maxMessages: 0 });
    const waiting = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    const unroutable = await submit(f.db, { receiver: 'Aannemer_Zonder_Verzender', opdrachtId: 'O-2' });
    await f.db.insert(opdrachten).values(
      ['O-1', 'O-2'].map((opdrachtId) => ({
        opdrachtId,
        versienummer: VERSIENUMMER,
        opdrachtgever: 'Netbeheer_Test',
        opdrachtnemer: opdrachtId === 'O-1' ? 'Aannemer_Alfa' : 'Aannemer_Zonder_Verzender',
        status: 100,
        statusText: 'Opdracht verstuurd',
      })),
    );
    f.startWorker({ pollIntervalMs: 50 });
    // The worker's first sweep fails what no claim can take: its receiver has no sender for the flow.
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, unroutable));
      expect(row?.failedAttempts).toBe(1);
    });
    // The worker goes on delivering to another participant, and sends Alfa nothing.
    const bewijs = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Bewijs', origin: bewijs.origin });
    const proof = await workerWentOn(f, bewijs, 'Aannemer_Bewijs');
    expect(alfa.callbacks).toHaveLength(0);
    const rows = (await f.db.select().from(messages).orderBy(messages.seq)).filter((row) => row.id !== proof.id);
    expect(rows.map((row) => [row.id, row.deliveredAt, row.failedAttempts, row.err?.msg ?? null])).toEqual([
      [waiting, null, 0, null],
      [
        unroutable,
        null,
        1,
        'Geen configuratie van ontvanger Aannemer_Zonder_Verzender voor versienummer 2.0: het bericht kan niet worden afgeleverd',
      ],
    ]);
    expect(rows[1]!.nextAttempt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    const orders = await f.db.select().from(opdrachten).orderBy(opdrachten.opdrachtId);
    expect(orders.map((order) => [order.opdrachtId, order.inError])).toEqual([
      ['O-1', false],
      ['O-2', true],
    ]);

    // Once the participant is configured its message goes at the next attempt, and the order clears.
    const zonder = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Zonder_Verzender', origin: zonder.origin });
    await f.db
      .update(orderHeads)
      .set({ due: sql`now()` })
      .where(eq(orderHeads.messageId, unroutable));
    f.wakeup.signal();
    await eventually(() => expect(zonder.callbacks.map((request) => bodyOf(request).id)).toEqual([unroutable]));
    await eventually(async () => {
      const [order] = await f.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'O-2'));
      expect(order?.inError).toBe(false);
    });
  });

  it('leaves a head the sweep found but that was claimed meanwhile alone, its order unmarked', async () => {
    const f = await fixture();
    const id = await submit(f.db, { receiver: 'Aannemer_Net_Geconfigureerd', opdrachtId: 'O-3' });
    await f.db.insert(opdrachten).values({
      opdrachtId: 'O-3',
      versienummer: VERSIENUMMER,
      opdrachtgever: 'Netbeheer_Test',
      opdrachtnemer: 'Aannemer_Net_Geconfigureerd',
      status: 100,
      statusText: 'Opdracht verstuurd',
    });
    // Between the sweep's look and its write, the participant was configured and a claim took the head.
    await f.db
      .update(orderHeads)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(orderHeads.messageId, id));
    await failMessages(f.db, [{ id, delayMs: 60_000, err: { msg: 'x', traceId: 't' } }], { unclaimedOnly: true });
    const [message] = await f.db.select().from(messages).where(eq(messages.id, id));
    expect([message?.failedAttempts, message?.err]).toEqual([0, null]);
    const [order] = await f.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'O-3'));
    expect(order?.inError).toBe(false);
    const [head] = await f.db.select().from(orderHeads).where(eq(orderHeads.messageId, id));
    expect(head?.claimedUntil).not.toBeNull();

    // Unclaimed, the same sweep failure is recorded.
    await f.db.update(orderHeads).set({ claimedUntil: null }).where(eq(orderHeads.messageId, id));
    await failMessages(f.db, [{ id, delayMs: 60_000, err: { msg: 'x', traceId: 't' } }], { unclaimedOnly: true });
    const [failed] = await f.db.select().from(messages).where(eq(messages.id, id));
    expect(failed?.failedAttempts).toBe(1);
    const [marked] = await f.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'O-3'));
    expect(marked?.inError).toBe(true);
  });

  it('holds messages for a paused sender and delivers them once it runs again', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin, running: false });
    f.startWorker({ pollIntervalMs: 60_000 });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    // The worker goes on delivering to another participant, and sends the paused one nothing.
    const bewijs = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Bewijs', origin: bewijs.origin });
    await workerWentOn(f, bewijs, 'Aannemer_Bewijs');
    expect(alfa.callbacks).toHaveLength(0);

    await f.db
      .update(senders)
      .set({ running: true })
      .where(and(eq(senders.deelnemer, 'Aannemer_Alfa'), eq(senders.versienummer, VERSIENUMMER)));
    f.wakeup.signal();
    await eventually(() => expect(alfa.callbacks).toHaveLength(2), 2000);
  });
});
