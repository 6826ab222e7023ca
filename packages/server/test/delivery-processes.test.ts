/**
 * A worker PROCESS (`ROLE=worker`, `node --import tsx src/main.ts`) killed with SIGKILL while
 * hundreds of messages are in flight, and another one started on the same database: nothing is
 * lost, and only the messages in flight at the kill reach their receiver twice.
 *
 * This needs a PostgreSQL server, named by TEST_DATABASE_URL: PGlite lives inside one process and
 * cannot be shared between processes. Without it the test is skipped; CI runs the server suite a
 * second time on PostgreSQL (scripts/with-postgres.sh), where it runs. Locally:
 *   scripts/with-postgres.sh npx vitest run --root packages/server test/delivery-processes
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderHeads } from '../src/db/schema';
import { pause } from './support/delivery';
import {
  busySessions,
  countById,
  fifoViolations,
  messageIds,
  repeatedDeliveries,
  sample,
  undeliveredCount,
  unknownArrivals,
  useExchange,
} from './support/delivery-processes';
import { waitUntil } from './support/worker-process';

const exchange = useExchange();

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a worker process killed mid-batch',
  { timeout: 120_000 },
  () => {
    it('loses nothing when another takes over; only messages in flight at the kill arrive twice', async () => {
      const started = Date.now();
      const { db, receiver, sent, submitRounds, worker } = await exchange(600, true);
      await submitRounds([0, 1, 2, 3, 4]);
      const submitted = Date.now();

      // A 1 s outbound timeout makes the lease 5 s: that long after the kill the claims are free again.
      const first = await worker('first', 1000);
      await waitUntil(() => receiver.arrivals.length >= 800, {
        workers: [first],
        timeoutMs: 30_000,
        describe: () => `800 callbacks at the receiver (has ${receiver.arrivals.length})`,
      });
      // Claimed and undelivered right before the kill; the worker may claim more until it dies, so
      // the set is completed below from the database after the kill and from the receiver.
      const claimedBefore = await messageIds(
        db,
        sql`delivered_at is null and id in (select message_id from order_heads where claimed_until is not null)`,
      );
      const openAtKill = receiver.open();
      await first.kill('SIGKILL');
      const arrivedAtKill = receiver.arrivals.length;
      // PostgreSQL rolls back the dead worker's open transactions once it notices the lost connection.
      await waitUntil(async () => (await busySessions(db)) === 0, {
        workers: [],
        timeoutMs: 10_000,
        describe: () => "the killed worker's sessions to end",
      });
      await pause(200);
      const claimedAfter = await messageIds(
        db,
        sql`delivered_at is null and id in (select message_id from order_heads where claimed_until is not null)`,
      );
      const undelivered = await messageIds(db, sql`delivered_at is null`);
      const inFlight = new Set([
        ...claimedBefore,
        ...claimedAfter,
        ...receiver.arrivals.map((a) => a.id).filter((id) => undelivered.has(id)),
      ]);
      expect(undelivered.size, first.output()).toBeGreaterThan(0);

      const second = await worker('second', 1000);
      await waitUntil(async () => (await undeliveredCount(db)) === 0, {
        workers: [second],
        timeoutMs: 60_000,
        describe: () => `every message delivered (${receiver.arrivals.length} callbacks so far)`,
      });

      const counts = countById(receiver.arrivals);
      const repeated = await repeatedDeliveries(db, receiver.arrivals);
      // A repeat is explained by the kill (the message was in flight) or by a failed attempt the
      // database recorded (a timeout on a loaded machine: at-least-once retries it); nothing else.
      const unexplained = repeated.filter(
        (r) => r.receptions.length - 1 > Number(inFlight.has(r.id)) + r.failedAttempts,
      );
      const afterFailure = repeated.filter((r) => !inFlight.has(r.id));
      // eslint-disable-next-line no-console -- the measured figures belong in the test output
      console.info(
        `crash test: ${sent.size} messages (submitted in ${submitted - started} ms); killed after ${arrivedAtKill} ` +
          `callbacks with ${openAtKill} open at the receiver, ${claimedBefore.size} claimed before the kill, ` +
          `${claimedAfter.size} after it, ${inFlight.size} in flight in all; ${repeated.length} received more than ` +
          `once (${receiver.arrivals.length - sent.size} extra callbacks), of which not in flight but retried after ` +
          `a failed attempt: ${sample(afterFailure)}; ${Date.now() - started} ms in all`,
      );
      const context = `${first.output()}\n${second.output()}`;
      expect(unknownArrivals(receiver.arrivals, sent), context).toEqual([]);
      expect(receiver.rejected, context).toBe(0);
      const lost = [...sent.keys()].filter((id) => !counts.has(id));
      expect(lost, `lost messages\n${context}`).toEqual([]);
      expect(unexplained, `duplicates not in flight at the kill\n${context}`).toEqual([]);
      expect(fifoViolations(receiver.arrivals), context).toEqual([]);
      expect(await db.select().from(orderHeads)).toEqual([]);
    });
  },
);
