import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, orderHeads, senders } from '../src/db/schema';
import { claimRuns } from '../src/delivery/claim';
import { completeMessages } from '../src/delivery/complete';
import { failMessages } from '../src/delivery/fail';
import { seedReceiver, submit, useDeliveryResources, ids, inLane } from './support/delivery';

const { fixture } = useDeliveryResources();
const LEASE = { leaseMs: 60_000 };
const ALFA = 'Aannemer_Alfa';

async function claimedHeads(f: Awaited<ReturnType<typeof fixture>>) {
  return f.db
    .select({ opdrachtId: orderHeads.opdrachtId, messageId: orderHeads.messageId })
    .from(orderHeads)
    .where(isNotNull(orderHeads.claimedUntil))
    .orderBy(orderHeads.opdrachtId);
}

/** A receiver with two orders of two messages each, the first of each claimed. */
async function twoOrders(maxMessages = 5) {
  const f = await fixture();
  await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9', maxMessages });
  const a1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
  const a2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
  const b1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-B' });
  const b2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-B' });
  // Each head comes with the message queued behind it: one run per order.
  expect(ids((await claimRuns(f.db, 50, 60_000)).runs)).toEqual([
    [a1, a2],
    [b1, b2],
  ]);
  return { f, a1, a2, b1, b2 };
}

describe('a completion hands its claim to the order’s next message', { timeout: 60_000 }, () => {
  it('answers the next message of each order claimed, with the sender’s configuration version', async () => {
    const { f, a1, a2, b1, b2 } = await twoOrders();
    // Only the first of each run was delivered (a run can stop early): the heads move to the second.
    const next = await completeMessages(f.db, await inLane(f.db, [a1, b1]), LEASE);
    expect(ids(next)).toEqual([[a2], [b2]]);
    expect(next[0]![0]).toMatchObject({ receiver: ALFA, versienummer: '2.0', configVersion: 1, failedAttempts: 0 });
    expect(await claimedHeads(f)).toEqual([
      { opdrachtId: 'O-A', messageId: a2 },
      { opdrachtId: 'O-B', messageId: b2 },
    ]);
    // Nothing is left to claim: the handed-on heads count as claimed.
    expect((await claimRuns(f.db, 50, 60_000)).runs).toEqual([]);

    expect(await completeMessages(f.db, await inLane(f.db, [a2, b2]), LEASE)).toEqual([]);
    expect(await f.db.select().from(orderHeads)).toEqual([]);
  });

  it('hands nothing on without the option, for a paused sender, or when the next message is not due', async () => {
    const { f, a1, a2, b1 } = await twoOrders();
    await f.db
      .update(messages)
      .set({ nextAttempt: sql`now() + interval '1 hour'` })
      .where(eq(messages.id, a2));
    expect(await completeMessages(f.db, await inLane(f.db, [a1]), LEASE)).toEqual([]);
    expect(await claimedHeads(f)).toEqual([{ opdrachtId: 'O-B', messageId: b1 }]);

    await f.db.update(senders).set({ running: false }).where(eq(senders.deelnemer, ALFA));
    expect(await completeMessages(f.db, await inLane(f.db, [b1]), LEASE)).toEqual([]);
    await f.db.update(senders).set({ running: true }).where(eq(senders.deelnemer, ALFA));
    expect(await claimedHeads(f)).toEqual([]);

    const { f: g, a1: c1, b1: d1 } = await twoOrders();
    expect(await completeMessages(g.db, await inLane(g.db, [c1, d1]))).toEqual([]);
    expect(await claimedHeads(g)).toEqual([]);
  });

  it('hands nothing on while the sender has more claimed than its lowered maxMessages allows', async () => {
    const { f, a1, b1, b2 } = await twoOrders();
    await f.db.update(senders).set({ maxMessages: 1 }).where(eq(senders.deelnemer, ALFA));
    // Two claimed, one allowed: the first completion frees a slot instead of passing it on …
    expect(await completeMessages(f.db, await inLane(f.db, [a1]), LEASE)).toEqual([]);
    // … the second finds one claimed (its own), within the limit, and passes it on.
    expect(ids(await completeMessages(f.db, await inLane(f.db, [b1]), LEASE))).toEqual([[b2]]);
    const heads = await f.db
      .select({ opdrachtId: orderHeads.opdrachtId })
      .from(orderHeads)
      .where(and(eq(orderHeads.receiver, ALFA), isNotNull(orderHeads.claimedUntil)));
    expect(heads).toEqual([{ opdrachtId: 'O-B' }]);
  });
});

describe('a claim takes each head with the messages queued behind it (a run)', { timeout: 60_000 }, () => {
  it('records a whole run in one completion and moves the head past it', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m3 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    expect(ids((await claimRuns(f.db, 50, 60_000)).runs)).toEqual([[m1, m2, m3]]);

    // The first two went out; the third waits for the next claim (the run's budget ran out).
    expect(await completeMessages(f.db, await inLane(f.db, [m1, m2]))).toEqual([]);
    expect(await f.db.select({ messageId: orderHeads.messageId }).from(orderHeads)).toEqual([{ messageId: m3 }]);
    const delivered = await f.db
      .select({ id: messages.id })
      .from(messages)
      .where(isNotNull(messages.deliveredAt))
      .orderBy(messages.seq);
    expect(delivered.map((row) => row.id)).toEqual([m1, m2]);
    expect(ids((await claimRuns(f.db, 50, 60_000)).runs)).toEqual([[m3]]);
  });

  it('hands on to the message after the whole run, with that message’s own run', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
    const [m1, m2] = [
      await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' }),
      await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' }),
    ];
    expect(ids((await claimRuns(f.db, 50, 60_000)).runs)).toEqual([[m1, m2]]);
    // Queued while the run was out: the handoff starts behind the run, not at its second message.
    const m3 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m4 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    expect(ids(await completeMessages(f.db, await inLane(f.db, [m1, m2]), LEASE))).toEqual([[m3, m4]]);
    expect(await claimedHeads(f)).toEqual([{ opdrachtId: 'O-A', messageId: m3 }]);
  });

  it('ends a run before a message that is not due', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    await f.db
      .update(messages)
      .set({ nextAttempt: sql`now() + interval '1 hour'` })
      .where(eq(messages.seq, sql`(select max(seq) from messages)`));
    expect(ids((await claimRuns(f.db, 50, 60_000)).runs)).toEqual([[m1, m2]]);
  });

  it('leaves the head on a run’s failed message, not due, when the failure is recorded first', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    await claimRuns(f.db, 50, 60_000);
    // m1 delivered, m2 refused: recorded as the worker does, the failure before the completion.
    const { lane } = (await inLane(f.db, [m2]))[0]!;
    await failMessages(f.db, [{ id: m2, delayMs: 60_000, err: { msg: 'HTTP 500', traceId: 't' }, lane }]);
    expect(await completeMessages(f.db, await inLane(f.db, [m1]), LEASE)).toEqual([]);
    const [head] = await f.db.select().from(orderHeads);
    expect(head).toMatchObject({ messageId: m2, claimedUntil: null });
    expect(head!.due.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await claimRuns(f.db, 50, 60_000)).runs).toEqual([]);
  });
});
