import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { senders } from '../src/db/schema';
import { createRateLimits } from '../src/delivery/rate-limits';
import { bodyOf, eventually, seedReceiver, submit, useDeliveryResources } from './support/delivery';

const LIMITED = 'Aannemer_Begrensd';
const FREE = 'Aannemer_Vrij';
const PER_SECOND = 10;
const ORDERS = 4;
const PER_ORDER = 5;

const resources = useDeliveryResources();

const setLimit = (db: Parameters<typeof seedReceiver>[0], deelnemer: string, maxPerSecond: number) =>
  db
    .update(senders)
    .set({ maxPerSecond })
    .where(and(eq(senders.deelnemer, deelnemer), eq(senders.versienummer, '2.0')));

/** The most arrivals within any one second. */
function busiestSecond(arrivals: readonly number[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < arrivals.length; i++) {
    while (arrivals[i]! - arrivals[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

// 'Maximaal aantal berichten per seconde' (issue 30 item 5, decision 0050).
describe('a receiver with a rate limit', { timeout: 60_000 }, () => {
  it('gets at most its rate over two workers, evenly and in order, while a receiver without one is not held back', async () => {
    const f = await resources.fixture();
    const arrivals = new Map<string, number[]>([
      [LIMITED, []],
      [FREE, []],
    ]);
    const receiverOf = async (deelnemer: string) => {
      const receiver = await resources.receiver({
        status: () => {
          arrivals.get(deelnemer)!.push(performance.now());
          return 200;
        },
      });
      await seedReceiver(f.db, f.cipher, { deelnemer, origin: receiver.origin, maxMessages: 5 });
      return receiver;
    };
    const limited = await receiverOf(LIMITED);
    const free = await receiverOf(FREE);
    await setLimit(f.db, LIMITED, PER_SECOND);

    const sent = new Map<string, string[]>();
    for (let order = 0; order < ORDERS; order++) {
      const opdrachtId = `BEGRENSD-${order}`;
      const ids: string[] = [];
      for (let seq = 0; seq < PER_ORDER; seq++) ids.push(await submit(f.db, { receiver: LIMITED, opdrachtId }));
      sent.set(opdrachtId, ids);
    }
    for (let i = 0; i < 100; i++) await submit(f.db, { receiver: FREE, opdrachtId: `VRIJ-${i}` });
    // Two workers on the same database, as two processes would be: one schedule between them.
    const asked = new Set<string>();
    const startWorker = () => {
      const limits = createRateLimits(f.db);
      f.startWorker({
        rateLimits: {
          ...limits,
          waitForTurn: (receiver, versienummer, deadline, going) => {
            asked.add(receiver);
            return limits.waitForTurn(receiver, versienummer, deadline, going);
          },
        },
      });
    };
    startWorker();
    startWorker();

    const total = ORDERS * PER_ORDER;
    await eventually(() => expect(limited.callbacks.length).toBe(total), 20_000);
    const times = arrivals.get(LIMITED)!;
    // Evenly: never more than the rate in a second (one token in the bucket, no burst: the token
    // there at a second's start and the rate's), and the whole takes as long as the rate says.
    // From the second arrival on: the first waited for the receiver's OAuth token as well.
    // The schedule lets at most PER_SECOND + 1 go in any second; the arrivals scatter around it by
    // the POSTs' own time (up to an interval here and there on a busy machine) — a burst would not.
    const steady = times.slice(1);
    expect(busiestSecond(steady)).toBeLessThanOrEqual(PER_SECOND + 4);
    const span = steady.at(-1)! - steady[0]!;
    expect(span).toBeGreaterThanOrEqual(((steady.length - 3) / PER_SECOND) * 1000);
    // Not far below the rate either: the workers keep asking while messages wait (bench:delivery's
    // limit phase measures how close; a test run beside others on a busy machine cannot).
    expect(span).toBeLessThan(((steady.length - 1) / PER_SECOND) * 1000 * 3);
    // FIFO per order holds.
    for (const [opdrachtId, ids] of sent) {
      const arrived = limited.callbacks.map(bodyOf).filter((body) => body.opdrachtId === opdrachtId);
      expect(arrived.map((body) => body.id)).toEqual(ids);
    }
    // The receiver without a limit got its 100 without ever asking the limit.
    await eventually(() => expect(free.callbacks).toHaveLength(100));
    expect(asked.has(FREE)).toBe(false);
    expect(asked.has(LIMITED)).toBe(true);
  });

  it('holds a new limit within a second, and 0 lifts it', async () => {
    const f = await resources.fixture();
    const times: number[] = [];
    const receiver = await resources.receiver({
      status: () => {
        times.push(performance.now());
        return 200;
      },
    });
    await seedReceiver(f.db, f.cipher, { deelnemer: LIMITED, origin: receiver.origin, maxMessages: 5 });
    // Limits read before every claim (RATE_LIMITS_REFRESH_MS in production: within a second).
    f.startWorker({ rateLimits: createRateLimits(f.db, 0) });

    // Limited to 2 a second: after the first (which also waits for the receiver's OAuth token) the
    // other 5 take 2 s, give or take the POSTs' scatter.
    await setLimit(f.db, LIMITED, 2);
    for (let i = 0; i < 6; i++) await submit(f.db, { receiver: LIMITED, opdrachtId: `TWEE-${i}` });
    f.wakeup.signal();
    await eventually(() => expect(times).toHaveLength(6), 20_000);
    expect(times.at(-1)! - times[1]!).toBeGreaterThanOrEqual(1500);

    // Without a limit the next 30 arrive in a burst.
    await setLimit(f.db, LIMITED, 0);
    for (let i = 0; i < 30; i++) await submit(f.db, { receiver: LIMITED, opdrachtId: `VRIJ-${i}` });
    f.wakeup.signal();
    await eventually(() => expect(times).toHaveLength(36), 20_000);
    // From the first of them to the last: the submits themselves take a while on a busy machine.
    expect(times.at(-1)! - times[6]!).toBeLessThan(1000);
  });
});
