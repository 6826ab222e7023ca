import { LATENCY_BUCKET_COUNT, latencyBucketOf } from '@knooppunt/domain';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { deliveryMinutes, messages } from '../src/db/schema';
import { createDeliveryCounters } from '../src/delivery/counters';
import { requeueDelivered } from '../src/modules/messages/resend-repository';
import { eventually, seedReceiver, submit, useDeliveryResources, VERSIENUMMER } from './support/delivery';

const { fixture, receiver } = useDeliveryResources();
const log = { error: () => {}, warn: () => {} };

type Totals = { delivered: number; failed: number; latency: number[]; rows: number };

/** The counters of one receiver summed over its minutes (a run may cross a minute boundary). */
async function totals(db: Database, deelnemer: string): Promise<Totals> {
  const rows = await db.select().from(deliveryMinutes).where(eq(deliveryMinutes.receiver, deelnemer));
  const latency = Array<number>(LATENCY_BUCKET_COUNT).fill(0);
  for (const row of rows) {
    expect(row.versienummer).toBe(VERSIENUMMER);
    expect(row.minute.getTime() % 60_000).toBe(0);
    expect(row.latency).toHaveLength(LATENCY_BUCKET_COUNT);
    row.latency.forEach((count, index) => (latency[index]! += count));
  }
  return {
    delivered: rows.reduce((sum, row) => sum + row.delivered, 0),
    failed: rows.reduce((sum, row) => sum + row.failed, 0),
    latency,
    rows: rows.length,
  };
}

/** Makes the messages of a receiver look accepted `ms` ago: their latency lands in a known bucket. */
async function acceptedAgo(db: Database, deelnemer: string, ms: number) {
  await db
    .update(messages)
    .set({ created: sql`now() - ${ms} * interval '1 millisecond'` })
    .where(eq(messages.receiver, deelnemer));
}

const bucketOf = (ms: number) => {
  const counts = Array<number>(LATENCY_BUCKET_COUNT).fill(0);
  return (n: number) => {
    counts[latencyBucketOf(ms)] = n;
    return counts;
  };
};

describe('delivery counters per minute', { timeout: 60_000 }, () => {
  it('counts real deliveries per receiver configuration with their latency bucket, written by the worker on its timer', async () => {
    const f = await fixture();
    const alfa = await receiver();
    const beta = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Beta', origin: beta.origin });
    for (const n of [1, 2, 3]) await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: `A-${n}`, data: { n } });
    await submit(f.db, { receiver: 'Aannemer_Beta', opdrachtId: 'B-1' });
    // Accepted 100 s ago: it lies in the (90 s, 120 s] bucket, far from its bounds.
    await acceptedAgo(f.db, 'Aannemer_Alfa', 100_000);
    const counters = createDeliveryCounters({ db: f.db, log, flushMs: 100 });
    f.startWorker({ pollIntervalMs: 50, counters });

    await eventually(async () => expect((await totals(f.db, 'Aannemer_Alfa')).delivered).toBe(3));
    await eventually(async () => expect((await totals(f.db, 'Aannemer_Beta')).delivered).toBe(1));
    const ofAlfa = await totals(f.db, 'Aannemer_Alfa');
    expect(ofAlfa.failed).toBe(0);
    expect(ofAlfa.latency).toEqual(bucketOf(100_000)(3));
    // Beta's one message was accepted just now: a bucket at the low end, well below a minute.
    const ofBeta = await totals(f.db, 'Aannemer_Beta');
    expect(ofBeta.latency.reduce((a, b) => a + b, 0)).toBe(1);
    expect(ofBeta.latency.findIndex((count) => count > 0)).toBeLessThan(latencyBucketOf(60_000));
    expect(alfa.callbacks).toHaveLength(3);
    expect(counters.lastDelivered('Aannemer_Alfa', VERSIENUMMER)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts failed attempts of a receiver that answers 500', async () => {
    const f = await fixture();
    const failing = await receiver({ status: () => 500 });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: failing.origin });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-2' });
    const counters = createDeliveryCounters({ db: f.db, log, flushMs: 100 });
    f.startWorker({ pollIntervalMs: 50, counters });

    await eventually(async () => expect((await totals(f.db, 'Aannemer_Alfa')).failed).toBe(2));
    const counted = await totals(f.db, 'Aannemer_Alfa');
    expect(counted.delivered).toBe(0);
    expect(counted.latency).toEqual(Array(LATENCY_BUCKET_COUNT).fill(0));
    expect(failing.callbacks).toHaveLength(2);
    expect(counters.lastDelivered('Aannemer_Alfa', VERSIENUMMER)).toBeUndefined();
  });

  it('adds two flushes into the same row, and keeps the counts of a flush that failed for the next one', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    // One fixed minute for every outcome, so all of them meet in one row; flushed by hand only.
    const minute = Date.parse('2026-11-25T10:00:00Z');
    const counters = createDeliveryCounters({ db: f.db, log, flushMs: 3_600_000, now: () => minute + 30_000 });
    f.startWorker({ pollIntervalMs: 50, counters });
    // Recorded as delivered: the worker counts a delivery when the receiver's answer comes in, before
    // it records it — the callback alone arrives at the receiver before the worker has counted it.
    const deliveredTo = (n: number) =>
      eventually(async () => {
        expect(alfa.callbacks).toHaveLength(n);
        const recorded = await f.db.$count(messages, isNotNull(messages.deliveredAt));
        expect(recorded).toBe(n);
      });

    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    await deliveredTo(1);
    await eventually(async () => {
      await counters.flush();
      expect((await totals(f.db, 'Aannemer_Alfa')).delivered).toBe(1);
    });

    // The table cannot be written: the flush fails and writes nothing ...
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-2' });
    await deliveredTo(2);
    await f.db.execute(sql`alter table delivery_minutes rename to delivery_minutes_away`);
    await expect(counters.flush()).rejects.toThrow();
    await f.db.execute(sql`alter table delivery_minutes_away rename to delivery_minutes`);
    expect((await totals(f.db, 'Aannemer_Alfa')).delivered).toBe(1);

    // ... and the next one adds its counts together with what came in since.
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-3' });
    await deliveredTo(3);
    await eventually(async () => {
      await counters.flush();
      expect((await totals(f.db, 'Aannemer_Alfa')).delivered).toBe(3);
    });
    const [row] = await f.db.select().from(deliveryMinutes);
    expect(row?.minute.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(row?.latency.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await f.db.$count(deliveryMinutes)).toBe(1);
  });

  it('counts a message delivered again within a minute once, and again in a later minute it is delivered in', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const minute = Date.parse('2026-11-25T10:00:00Z');
    let clock = minute + 10_000;
    const counters = createDeliveryCounters({ db: f.db, log, flushMs: 3_600_000, now: () => clock });
    f.startWorker({ pollIntervalMs: 50, counters });
    /** The message reached the receiver `n` times in all and is recorded as delivered. */
    const deliveredTimes = (id: string, n: number) =>
      eventually(async () => {
        expect(alfa.callbacks.filter((request) => request.headers['idempotency-key'] === id)).toHaveLength(n);
        const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
        expect(row?.deliveredAt).not.toBeNull();
      });
    // 'Opnieuw verzenden' of a delivered message, as the portal's resend does it.
    const sendAgain = async (id: string) => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(await f.db.transaction((tx) => requeueDelivered(tx, row!))).toMatchObject({ id });
    };

    const again = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    await deliveredTimes(again, 1);
    await sendAgain(again);
    await deliveredTimes(again, 2);
    const other = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-2' });
    await deliveredTimes(other, 1);
    await counters.flush();
    // Two messages, three deliveries: 'delivered' counts the messages, and their latency once each.
    const first = await totals(f.db, 'Aannemer_Alfa');
    expect(first.delivered).toBe(2);
    expect(first.latency.reduce((a, b) => a + b, 0)).toBe(2);

    // Sent again in the next minute: delivered in that minute too.
    clock = minute + 70_000;
    await sendAgain(again);
    await deliveredTimes(again, 3);
    await counters.flush();
    const rows = await f.db.select().from(deliveryMinutes).orderBy(deliveryMinutes.minute);
    expect(rows.map((row) => [row.minute.toISOString(), row.delivered])).toEqual([
      ['2026-11-25T10:00:00.000Z', 2],
      ['2026-11-25T10:01:00.000Z', 1],
    ]);
  });

  it('writes what is counted when the worker stops, before the next flush was due', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    const counters = createDeliveryCounters({ db: f.db, log, flushMs: 3_600_000 });
    const worker = f.startWorker({ pollIntervalMs: 50, counters });
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.receiver, 'Aannemer_Alfa'));
      expect(row?.deliveredAt).not.toBeNull();
    });
    expect(await f.db.$count(deliveryMinutes)).toBe(0);
    await worker.stop();
    expect((await totals(f.db, 'Aannemer_Alfa')).delivered).toBe(1);
  });

  it('deletes counter rows older than 8 days, a batch at a time, and keeps the younger ones', async () => {
    const f = await fixture();
    const zeros = `{${Array(LATENCY_BUCKET_COUNT).fill(0).join(',')}}`;
    await f.db.execute(
      sql`insert into delivery_minutes (receiver, versienummer, minute, delivered, failed, latency)
          select 'Aannemer_Alfa', '2.0', date_trunc('minute', now()) - d * interval '1 day', 1, 0, ${zeros}::int[]
          from unnest(array[9, 30, 7, 0]) as d`,
    );
    const counters = createDeliveryCounters({ db: f.db, log });
    expect(await counters.sweep()).toBe(2);
    const left = await queryRows<{ days: number }>(
      f.db,
      sql`select round(extract(epoch from date_trunc('minute', now()) - minute) / 86400)::int as days
          from delivery_minutes order by minute`,
    );
    expect(left.map((row) => row.days)).toEqual([7, 0]);
    expect(await counters.sweep()).toBe(0);
  });
});
