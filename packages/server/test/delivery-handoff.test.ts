import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, orderHeads, senders } from '../src/db/schema';
import { claimMessages } from '../src/delivery/claim';
import { completeMessages } from '../src/delivery/complete';
import { seedReceiver, submit, useDeliveryResources } from './support/delivery';

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
  const claimed = (await claimMessages(f.db, 50, 60_000)).messages.map((message) => message.id);
  expect(claimed.sort()).toEqual([a1, b1].sort());
  return { f, a1, a2, b1, b2 };
}

describe('a completion hands its claim to the order’s next message', { timeout: 60_000 }, () => {
  it('answers the next message of each order claimed, with the sender’s configuration version', async () => {
    const { f, a1, a2, b1, b2 } = await twoOrders();
    const next = await completeMessages(f.db, [a1, b1], LEASE);
    expect(next.map((message) => message.id).sort()).toEqual([a2, b2].sort());
    expect(next[0]).toMatchObject({ receiver: ALFA, versienummer: '2.0', configVersion: 1, failedAttempts: 0 });
    expect(await claimedHeads(f)).toEqual([
      { opdrachtId: 'O-A', messageId: a2 },
      { opdrachtId: 'O-B', messageId: b2 },
    ]);
    // Nothing is left to claim: the handed-on heads count as claimed.
    expect((await claimMessages(f.db, 50, 60_000)).messages).toEqual([]);

    expect(await completeMessages(f.db, [a2, b2], LEASE)).toEqual([]);
    expect(await f.db.select().from(orderHeads)).toEqual([]);
  });

  it('hands nothing on without the option, for a paused sender, or when the next message is not due', async () => {
    const { f, a1, a2, b1 } = await twoOrders();
    await f.db
      .update(messages)
      .set({ nextAttempt: sql`now() + interval '1 hour'` })
      .where(eq(messages.id, a2));
    expect(await completeMessages(f.db, [a1], LEASE)).toEqual([]);
    expect(await claimedHeads(f)).toEqual([{ opdrachtId: 'O-B', messageId: b1 }]);

    await f.db.update(senders).set({ running: false }).where(eq(senders.deelnemer, ALFA));
    expect(await completeMessages(f.db, [b1], LEASE)).toEqual([]);
    await f.db.update(senders).set({ running: true }).where(eq(senders.deelnemer, ALFA));
    expect(await claimedHeads(f)).toEqual([]);

    const { f: g, a1: c1, b1: d1 } = await twoOrders();
    expect(await completeMessages(g.db, [c1, d1])).toEqual([]);
    expect(await claimedHeads(g)).toEqual([]);
  });

  it('hands nothing on while the sender has more claimed than its lowered maxMessages allows', async () => {
    const { f, a1, b1, b2 } = await twoOrders();
    await f.db.update(senders).set({ maxMessages: 1 }).where(eq(senders.deelnemer, ALFA));
    // Two claimed, one allowed: the first completion frees a slot instead of passing it on …
    expect(await completeMessages(f.db, [a1], LEASE)).toEqual([]);
    // … the second finds one claimed (its own), within the limit, and passes it on.
    expect((await completeMessages(f.db, [b1], LEASE)).map((message) => message.id)).toEqual([b2]);
    const heads = await f.db
      .select({ opdrachtId: orderHeads.opdrachtId })
      .from(orderHeads)
      .where(and(eq(orderHeads.receiver, ALFA), isNotNull(orderHeads.claimedUntil)));
    expect(heads).toEqual([{ opdrachtId: 'O-B' }]);
  });
});
