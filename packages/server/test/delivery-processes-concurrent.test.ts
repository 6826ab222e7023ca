/**
 * Two worker PROCESSES (`ROLE=worker`) on one database at once: every message delivered exactly
 * once (never by both), at most maxMessages in flight per receiver over both, FIFO per order.
 *
 * This needs a PostgreSQL server, named by TEST_DATABASE_URL: PGlite lives inside one process and
 * cannot be shared between processes. Without it the test is skipped; CI runs the server suite a
 * second time on PostgreSQL (scripts/with-postgres.sh), where it runs. Locally:
 *   scripts/with-postgres.sh npx vitest run --root packages/server test/delivery-processes
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderHeads, senders } from '../src/db/schema';
import { notifyNewWork } from '../src/delivery/enqueue';
import { VERSIENUMMER } from './support/delivery';
import {
  countById,
  fifoViolations,
  overLimit,
  repeatedDeliveries,
  sample,
  undeliveredCount,
  unknownArrivals,
  useExchange,
} from './support/delivery-processes';
import { waitUntil } from './support/worker-process';

const exchange = useExchange();

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two worker processes', { timeout: 120_000 }, () => {
  it('deliver every message exactly once, within maxMessages over both and in order per order', async () => {
    const started = Date.now();
    // A backlog behind paused senders, so that neither process drains it before the other runs.
    const { db, receiver, sent, submitRounds, worker } = await exchange(500, false);
    await submitRounds([0, 1, 2]);
    // No crash here, so a generous timeout: on a loaded machine a 1 s one can expire on an answered
    // request, whose retry would be a (legitimate, at-least-once) second delivery.
    const workers = await Promise.all([worker('a', 10_000), worker('b', 10_000)]);
    await Promise.all(workers.map((w) => w.ready()));
    expect(receiver.arrivals).toEqual([]);
    await db.transaction(async (tx) => {
      await tx
        .update(senders)
        .set({ running: true })
        .where(and(eq(senders.versienummer, VERSIENUMMER), eq(senders.running, false)));
      await notifyNewWork(tx);
    });
    const resumed = Date.now();
    // More traffic while both drain it, behind the orders' undelivered messages or after their last
    // one; each submit's NOTIFY wakes both processes. (A claim that finds senders locked by the other
    // process tries again within milliseconds — claim.ts 'contended' — so neither sits idle.)
    await submitRounds([3]);
    await waitUntil(async () => (await undeliveredCount(db)) === 0, {
      workers,
      timeoutMs: 60_000,
      describe: () => `every message delivered (${receiver.arrivals.length} callbacks so far)`,
    });
    const drained = Date.now();

    const perProcess = await Promise.all(workers.map((w) => w.deliveredTotal()));
    const counts = countById(receiver.arrivals);
    const repeated = await repeatedDeliveries(db, receiver.arrivals);
    // eslint-disable-next-line no-console -- the measured figures belong in the test output
    console.info(
      `two workers: ${sent.size} messages delivered in ${drained - resumed} ms, ${perProcess.join(' + ')} per ` +
        `process; most open at one receiver ${Math.max(...receiver.maxOpen.values())}; ` +
        `received more than once: ${sample(repeated)}; ` +
        `${Date.now() - started} ms in all`,
    );
    const context = workers.map((w) => w.output()).join('\n');
    expect(unknownArrivals(receiver.arrivals, sent), context).toEqual([]);
    expect(receiver.rejected, context).toBe(0);
    const lost = [...sent.keys()].filter((id) => !counts.has(id));
    expect(lost, `lost messages\n${context}`).toEqual([]);
    expect(repeated, `delivered more than once\n${context}`).toEqual([]);
    expect(overLimit(receiver), context).toEqual([]);
    expect(fifoViolations(receiver.arrivals), context).toEqual([]);
    // The delivered counters are kept per process (delivery/metrics.ts), so each tells its own share.
    const total = perProcess.reduce((a, b) => a + b, 0);
    expect(total, context).toBe(sent.size);
    expect(Math.min(...perProcess), `each process delivered some\n${context}`).toBeGreaterThan(0);
    expect(await db.select().from(orderHeads)).toEqual([]);
  });
});
