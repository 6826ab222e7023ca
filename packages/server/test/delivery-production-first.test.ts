import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, receiptBatches } from '../src/db/schema';
import { DEFERRING_MS, PRODUCTION_BUSY_LANES, productionLoad } from '../src/delivery/production-load';
import { eventually, seedReceiver, submit, useDeliveryResources } from './support/delivery';

/** Production first (decision 0064): production's worker publishes its lanes, the test lane defers to them. */
const { fixture, receiver } = useDeliveryResources();
const ALFA = 'Aannemer_Alfa';

const lanesIn = (buffer: SharedArrayBuffer) => new Int32Array(buffer)[0];

async function deliveredAt(db: Awaited<ReturnType<typeof fixture>>['db'], ids: string[]) {
  const rows = await db.select().from(messages).where(inArray(messages.id, ids));
  return rows.map((row) => row.deliveredAt);
}

describe('production first', { timeout: 60_000 }, () => {
  it('counts production busy from PRODUCTION_BUSY_LANES lanes in flight, the same count seen through its memory', () => {
    const load = productionLoad();
    const seen = productionLoad(load.buffer);
    load.set(PRODUCTION_BUSY_LANES - 1);
    expect(seen.busy()).toBe(false);
    load.set(PRODUCTION_BUSY_LANES);
    expect(seen.busy()).toBe(true);
    load.set(0);
    expect(seen.busy()).toBe(false);
  });

  it('production’s worker publishes the lanes it has in flight, and none once they are delivered', async () => {
    const f = await fixture();
    const at = await receiver({ delayMs: 400 });
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: at.origin });
    const load = productionLoad();
    f.startWorker({ publishesLoad: load });
    const ids: string[] = [];
    for (const opdrachtId of ['O-1', 'O-2', 'O-3']) ids.push(await submit(f.db, { receiver: ALFA, opdrachtId }));
    f.wakeup.signal();
    // Three orders, one lane each, held by the slow receiver.
    await eventually(() => expect(lanesIn(load.buffer)).toBe(3));
    await eventually(async () => expect((await deliveredAt(f.db, ids)).every(Boolean)).toBe(true));
    await eventually(() => expect(lanesIn(load.buffer)).toBe(0));
  });

  it('the test lane records what finished within DEFERRING_MS together while production is busy', async () => {
    const f = await fixture();
    const at = await receiver({ delayMs: 100 });
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: at.origin });
    // Two orders claimed at once, their answers ms apart: recorded one at a time unless deferred.
    const ids = [
      await submit(f.db, { receiver: ALFA, opdrachtId: 'O-1' }),
      await submit(f.db, { receiver: ALFA, opdrachtId: 'O-2' }),
    ];
    const load = productionLoad();
    load.set(PRODUCTION_BUSY_LANES);
    f.startWorker({ defersTo: load });
    f.wakeup.signal();
    await eventually(() => expect(at.callbacks).toHaveLength(2));
    await eventually(async () => expect((await deliveredAt(f.db, ids)).every(Boolean)).toBe(true), DEFERRING_MS * 5);
    // One recording: one signed batch of receipts for both.
    expect(await f.db.select().from(receiptBatches)).toHaveLength(1);
  });

  it('without production busy the test lane claims and records at once, as production does', async () => {
    const f = await fixture();
    const at = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: at.origin });
    const id = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-1' });
    // A deferral longer than the wait below: were it applied, the message would not be recorded in time.
    f.startWorker({ defersTo: productionLoad(), deferringMs: 60_000 });
    f.wakeup.signal();
    await eventually(async () => expect(await deliveredAt(f.db, [id])).toEqual([expect.any(Date)]));
    expect(at.callbacks).toHaveLength(1);
  });

  it('a recording deferred when the worker stops is made before the stop resolves', async () => {
    const f = await fixture();
    const at = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: at.origin });
    const id = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-1' });
    const load = productionLoad();
    load.set(PRODUCTION_BUSY_LANES);
    const worker = f.startWorker({ defersTo: load, deferringMs: 60_000 });
    f.wakeup.signal();
    await eventually(() => expect(at.callbacks).toHaveLength(1));
    // Answered and deferred: not recorded yet …
    expect(await deliveredAt(f.db, [id])).toEqual([null]);
    await worker.stop();
    // … and recorded by the stop, not left to be sent again after its lease.
    expect(await deliveredAt(f.db, [id])).toEqual([expect.any(Date)]);
  });
});
