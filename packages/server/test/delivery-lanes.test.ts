import { eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opdrachten, orderHeads } from '../src/db/schema';
import { claimRuns, LANE_HEADS, type Run } from '../src/delivery/claim';
import { recordOutcomes } from '../src/delivery/complete';
import { inLane, seedReceiver, submit, useDeliveryResources, VERSIENUMMER } from './support/delivery';

const { fixture } = useDeliveryResources();
const LEASE = { leaseMs: 60_000 };
const ALFA = 'Aannemer_Alfa';

/** The order ids of each lane's runs, in the order the lane delivers them; lanes by their first. */
function lanesOf(runs: readonly Run[]): string[][] {
  const lanes = new Map<string, string[]>();
  for (const run of runs) lanes.set(run[0]!.lane, [...(lanes.get(run[0]!.lane) ?? []), run[0]!.opdrachtId]);
  return [...lanes.values()].sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A receiver with maxMessages 2 and ten orders of one message each, O-0 … O-9 (oldest first). */
async function tenOrders() {
  const f = await fixture();
  await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9', maxMessages: 2 });
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) ids.push(await submit(f.db, { receiver: ALFA, opdrachtId: `O-${i}` }));
  return { f, ids };
}

describe('a claim deals a sender’s oldest heads into lanes, one per free slot', { timeout: 60_000 }, () => {
  it('claims at most maxMessages lanes of at most LANE_HEADS heads, each lane starting with one of the oldest', async () => {
    expect(LANE_HEADS).toBe(4);
    const { f } = await tenOrders();
    const { runs } = await claimRuns(f.db, 50, 60_000);
    // Two slots: the eight oldest heads, dealt round two lanes.
    expect(lanesOf(runs)).toEqual([
      ['O-0', 'O-2', 'O-4', 'O-6'],
      ['O-1', 'O-3', 'O-5', 'O-7'],
    ]);
    // Every slot is taken: a lane is one slot however many heads it holds.
    expect((await claimRuns(f.db, 50, 60_000)).runs).toEqual([]);
    const claimed = await f.db.select().from(orderHeads).where(isNotNull(orderHeads.claimedUntil));
    expect(new Set(claimed.map((head) => head.lane)).size).toBe(2);
  });

  it('takes no more lanes than asked for, those with the oldest first head', async () => {
    const { f } = await tenOrders();
    expect(lanesOf((await claimRuns(f.db, 1, 60_000)).runs)).toEqual([['O-0', 'O-2', 'O-4', 'O-6']]);
  });

  it('frees a slot only once the lane has none of its heads claimed; released heads are claimed again', async () => {
    const { f, ids } = await tenOrders();
    const { runs } = await claimRuns(f.db, 50, 60_000);
    const lane = runs.find((run) => run[0]!.opdrachtId === 'O-0')![0]!.lane;
    // Three of the lane's runs delivered: it still holds O-6, so its slot is still taken and the
    // recording tells the worker that nobody waits for a slot (O-8 and O-9 have none free).
    expect(
      await recordOutcomes(f.db, { delivered: await inLane(f.db, [ids[0]!, ids[2]!, ids[4]!]), failures: [] }, LEASE),
    ).toEqual({
      runs: [],
      waiting: false,
    });
    expect((await claimRuns(f.db, 50, 60_000)).runs).toEqual([]);
    // The lane did not start O-6 (its budget ran out): released, the slot is free — the recording
    // says heads wait for it — and the oldest due heads, O-6 again, then O-8, O-9, fill it as one
    // new lane.
    expect(
      await recordOutcomes(f.db, { delivered: [], failures: [], released: await inLane(f.db, [ids[6]!]) }),
    ).toEqual({
      runs: [],
      waiting: true,
    });
    const again = await claimRuns(f.db, 50, 60_000);
    expect(lanesOf(again.runs)).toEqual([['O-6', 'O-8', 'O-9']]);
    expect(again.runs[0]![0]!.lane).not.toBe(lane);
  });

  it('says a sender waits for a slot only while it runs and has due heads unclaimed', async () => {
    const { f, ids } = await tenOrders();
    const { runs } = await claimRuns(f.db, 50, 60_000);
    const laneOf = (opdrachtId: string) => runs.find((run) => run[0]!.opdrachtId === opdrachtId)![0]!.lane;
    // A whole lane (O-1, O-3, O-5, O-7) delivered frees its slot while O-8 and O-9 wait.
    const lane = ['O-1', 'O-3', 'O-5', 'O-7'].map((opdrachtId) => ids[Number(opdrachtId.slice(2))]!);
    expect(laneOf('O-7')).toBe(laneOf('O-1'));
    expect((await recordOutcomes(f.db, { delivered: await inLane(f.db, lane), failures: [] }, LEASE)).waiting).toBe(
      true,
    );
    // Paused, the same sender waits for nothing.
    await f.db.execute(sql`update senders set running = false`);
    expect(
      (await recordOutcomes(f.db, { delivered: await inLane(f.db, [ids[0]!]), failures: [] }, LEASE)).waiting,
    ).toBe(false);
  });

  it('hands a run on in its lane', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const [run] = (await claimRuns(f.db, 50, 60_000)).runs;
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const [next] = (await recordOutcomes(f.db, { delivered: await inLane(f.db, [m1]), failures: [] }, LEASE)).runs;
    expect(next).toEqual([expect.objectContaining({ id: m2, lane: run![0]!.lane })]);
    const [head] = await f.db.select().from(orderHeads);
    expect(head).toMatchObject({ messageId: m2, lane: run![0]!.lane });
    expect(head!.claimedUntil).not.toBeNull();
  });

  it('records a run’s failure and the deliveries before it in one call, the head left on the failure', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
    await f.db.insert(opdrachten).values({
      opdrachtId: 'O-A',
      versienummer: VERSIENUMMER,
      opdrachtgever: 'Netbeheer_Test',
      opdrachtnemer: ALFA,
      status: 100,
      statusText: 'Opdracht verstuurd',
    });
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const [run] = (await claimRuns(f.db, 50, 60_000)).runs;
    const lane = run![0]!.lane;
    const failure = { id: m2, delayMs: 60_000, err: { msg: 'HTTP 500', traceId: 't' }, lane };
    expect(await recordOutcomes(f.db, { delivered: [{ id: m1, lane }], failures: [failure] }, LEASE)).toEqual({
      runs: [],
      waiting: false,
    });
    const [head] = await f.db.select().from(orderHeads);
    expect(head).toMatchObject({ messageId: m2, claimedUntil: null });
    const [order] = await f.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'O-A'));
    expect(order?.inError).toBe(true);
  });
});
