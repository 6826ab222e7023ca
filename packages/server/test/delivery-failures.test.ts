import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkRetryJobs, messages, opdrachten, orderHeads, senders } from '../src/db/schema';
import { filtersToQuery, insertJob } from '../src/modules/messages/bulk-retry';
import { createBulkRetryRunner } from '../src/modules/messages/bulk-retry-runner';
import { BACKOFF_JITTER, BACKOFF_SCHEDULE_MS } from '../src/delivery/backoff';
import { claimRuns } from '../src/delivery/claim';
import { releaseStaleClaims } from '../src/delivery/release-stale';
import {
  bodyOf,
  eventually,
  seedReceiver,
  submit,
  useDeliveryResources,
  ids,
  workerWentOn,
  type DeliveryFixture,
} from './support/delivery';

const { fixture, receiver } = useDeliveryResources();

/**
 * Aannemer_Alfa, its system answering `status()`, and order O-1 of two messages to it (data n 1
 * and 2) waiting: answers the receiver and the first message's id.
 */
async function orderToAlfa(f: DeliveryFixture, status: () => number) {
  const alfa = await receiver({ status });
  await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
  const first = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 1 } });
  await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 2 } });
  return { alfa, first };
}

describe('delivery failures', { timeout: 60_000 }, () => {
  it('records a failed attempt with backoff, blocks the order behind it, and delivers after recovery', async () => {
    const f = await fixture();
    let status = 500;
    const { alfa, first } = await orderToAlfa(f, () => status);
    const started = Date.now();
    f.startWorker({ pollIntervalMs: 50 });

    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, first));
      expect(row?.failedAttempts).toBe(1);
    });
    const [failed] = await f.db.select().from(messages).where(eq(messages.id, first));
    expect(failed?.err?.msg).toBe('Afleveren mislukt: de ontvanger antwoordde met HTTP 500 Internal Server Error');
    expect(failed?.err?.traceId).toBe(alfa.callbacks[0]?.headers['x-trace-id']);
    expect(failed?.lastAttempt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const wait = failed!.nextAttempt.getTime() - failed!.lastAttempt!.getTime();
    const [firstStep = 0] = BACKOFF_SCHEDULE_MS;
    expect(wait).toBeGreaterThanOrEqual(firstStep * (1 - BACKOFF_JITTER) - 50);
    expect(wait).toBeLessThanOrEqual(firstStep * (1 + BACKOFF_JITTER) + 50);

    // The worker goes on (it tries a later message of another order), and sends O-1 nothing more.
    await workerWentOn(f, alfa, 'Aannemer_Alfa');
    const ofO1 = () => alfa.callbacks.filter((request) => bodyOf(request).opdrachtId === 'O-1');
    expect(ofO1().map((request) => bodyOf(request).data.n)).toEqual([1]);

    status = 200;
    await f.db
      .update(messages)
      .set({ nextAttempt: sql`now()` })
      .where(eq(messages.id, first));
    await f.db
      .update(orderHeads)
      .set({ due: sql`now()` })
      .where(eq(orderHeads.messageId, first));
    await eventually(() => expect(ofO1().map((request) => bodyOf(request).data.n)).toEqual([1, 1, 2]));
    expect(ofO1()[1]?.headers['idempotency-key']).toBe(first);
  });

  it('stops a run at its failed message: the ones before are delivered, the ones after wait behind it', async () => {
    const f = await fixture();
    let refuse = true;
    const alfa = await receiver({
      status: (request) => (refuse && bodyOf(request).data.n === 2 ? 503 : 200),
    });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const [m1, m2, m3] = [
      await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 1 } }),
      await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 2 } }),
      await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 3 } }),
    ];
    f.startWorker({ pollIntervalMs: 50 });

    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, m2!));
      expect(row?.failedAttempts).toBe(1);
    });
    // The worker goes on (it delivers a later message of another order), and sends O-1 nothing more.
    await workerWentOn(f, alfa, 'Aannemer_Alfa');
    const ofO1 = () => alfa.callbacks.filter((request) => bodyOf(request).opdrachtId === 'O-1');
    expect(ofO1().map((request) => bodyOf(request).data.n)).toEqual([1, 2]);
    const rows = await f.db.select().from(messages).where(eq(messages.opdrachtId, 'O-1')).orderBy(messages.seq);
    expect(rows.map((row) => [row.id, row.deliveredAt !== null, row.failedAttempts])).toEqual([
      [m1, true, 0],
      [m2, false, 1],
      [m3, false, 0],
    ]);
    const [head] = await f.db.select().from(orderHeads).where(eq(orderHeads.opdrachtId, 'O-1'));
    expect(head).toMatchObject({ messageId: m2, claimedUntil: null });

    refuse = false;
    await f.db
      .update(messages)
      .set({ nextAttempt: sql`now()` })
      .where(eq(messages.id, m2!));
    await f.db.update(orderHeads).set({ due: sql`now()` });
    await eventually(() => expect(ofO1().map((request) => bodyOf(request).data.n)).toEqual([1, 2, 2, 3]));
    await eventually(async () => expect(await f.db.select().from(orderHeads)).toEqual([]));
  });

  it('marks the order as in error while one of its messages is in uitval, and clears it once delivered', async () => {
    const f = await fixture();
    let status = 500;
    const alfa = await receiver({ status: () => status });
    const noord = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Netbeheer_Noord', origin: noord.origin });
    await f.db.insert(opdrachten).values({
      opdrachtId: 'O-1',
      versienummer: '2.0',
      opdrachtgever: 'Netbeheer_Noord',
      opdrachtnemer: 'Aannemer_Alfa',
      status: 100,
      statusText: 'Opdracht verstuurd',
    });
    const inError = async () =>
      (await f.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'O-1')))[0]?.inError;
    const toAlfa = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await submit(f.db, { receiver: 'Netbeheer_Noord', opdrachtId: 'O-1', type: 'Status' });
    f.startWorker({ pollIntervalMs: 50 });

    await eventually(async () => expect(await inError()).toBe(true));
    // The message to the other side is delivered; the failing one still holds the order in error.
    await eventually(() => expect(noord.callbacks).toHaveLength(1));
    expect(await inError()).toBe(true);

    status = 200;
    await f.db
      .update(messages)
      .set({ nextAttempt: sql`now()` })
      .where(eq(messages.id, toAlfa));
    await f.db
      .update(orderHeads)
      .set({ due: sql`now()` })
      .where(eq(orderHeads.messageId, toAlfa));
    await eventually(async () => expect(await inError()).toBe(false));
    expect(alfa.callbacks).toHaveLength(2);
  });

  it('fails with a clear message when the configuration has no URL for the type', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin, types: ['Status'] });
    const id = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', type: 'Opdracht' });
    f.startWorker();
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.err?.msg).toBe('Geen callback-URL ingesteld voor berichttype Opdracht in configuratieversie 1');
    });
    expect(alfa.callbacks).toHaveLength(0);
  });

  it('a receiver that never answers does not hold up another one', async () => {
    const f = await fixture(1500);
    const stuck = await receiver({ status: () => undefined });
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Traag', origin: stuck.origin });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    for (let i = 0; i < 10; i++) await submit(f.db, { receiver: 'Aannemer_Traag', opdrachtId: `T-${i}` });
    for (let i = 0; i < 10; i++) await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: `A-${i}` });
    const started = Date.now();
    f.startWorker();

    await eventually(() => expect(alfa.callbacks).toHaveLength(10), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stuck.callbacks.length).toBeLessThanOrEqual(5);
    await eventually(async () => {
      const rows = await f.db.select().from(messages).where(eq(messages.receiver, 'Aannemer_Traag'));
      expect(rows.filter((row) => row.err?.msg === 'Afleveren mislukt: Geen reactie binnen 1,5 seconden')).toHaveLength(
        stuck.callbacks.length,
      );
    }, 5000);
  });

  it('releases a claim whose lease has passed, so the message is delivered', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const id = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    // A worker claimed it and died.
    expect(ids((await claimRuns(f.db, 50, 60_000)).runs)).toEqual([[id]]);
    expect((await claimRuns(f.db, 50, 60_000)).runs).toEqual([]);
    expect(await releaseStaleClaims(f.db)).toBe(0);

    await f.db.update(orderHeads).set({ claimedUntil: sql`now() - interval '1 second'` });
    expect(await releaseStaleClaims(f.db)).toBe(1);
    expect((await f.db.select().from(orderHeads))[0]?.claimedUntil).toBeNull();
    f.startWorker();
    await eventually(() => expect(alfa.callbacks.map((request) => bodyOf(request).id)).toEqual([id]));
  });

  it('uses the configuration version the sender is switched to', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin, path: '/v1' });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin, path: '/v2', version: 2 });
    await f.db.update(senders).set({ version: 1 });
    f.startWorker();
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await eventually(() => expect(alfa.callbacks.map((request) => request.url)).toEqual(['/v1/Opdracht']));

    await f.db.update(senders).set({ version: 2 });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await eventually(() =>
      expect(alfa.callbacks.map((request) => request.url)).toEqual(['/v1/Opdracht', '/v2/Opdracht']),
    );
  });

  it("a failed head made due by 'Alles opnieuw versturen' goes at once, by its head alone, and its order after it", async () => {
    const f = await fixture();
    let status = 500;
    const { alfa, first } = await orderToAlfa(f, () => status);
    f.startWorker({ pollIntervalMs: 50 });
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, first));
      expect(row?.failedAttempts).toBe(1);
    });
    const [failed] = await f.db.select().from(messages).where(eq(messages.id, first));
    // Its own next attempt lies seconds ahead (the backoff).
    expect(failed!.nextAttempt.getTime()).toBeGreaterThan(Date.now() + 1000);

    status = 200;
    const { id } = await f.db.transaction((tx) =>
      insertJob(tx, {
        actorSub: 'test',
        actor: 'test',
        query: filtersToQuery({ versienummer: '!h1.0', isInError: true }, undefined),
        filters: { versienummer: '!h1.0', isInError: true },
      }),
    );
    const runner = createBulkRetryRunner({ db: f.db, log: { info() {}, warn() {}, error() {} }, pollMs: 60_000 });
    runner.kick();
    try {
      const ofO1 = () => alfa.callbacks.filter((request) => bodyOf(request).opdrachtId === 'O-1');
      await eventually(() => expect(ofO1().map((request) => bodyOf(request).data.n)).toEqual([1, 1, 2]));
      const [job] = await f.db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
      expect(job).toMatchObject({ state: 'finished', total: 1, done: 1 });
      // Sent again before the time its own row named: the head made it due, not the backoff. The
      // receiver saw it before the worker recorded it: wait for the recording.
      let deliveredAt: Date | null = null;
      await eventually(async () => {
        const [delivered] = await f.db.select().from(messages).where(eq(messages.id, first));
        deliveredAt = delivered!.deliveredAt;
        expect(deliveredAt).not.toBeNull();
      });
      expect(deliveredAt!.getTime()).toBeLessThan(failed!.nextAttempt.getTime());
    } finally {
      await runner.stop();
    }
  });
});
