import { SUPER_ROLE } from '@knooppunt/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuditService } from '../src/audit/service';
import type { Database } from '../src/db/client';
import { messages, opdrachten, orderHeads } from '../src/db/schema';
import { claimRuns } from '../src/delivery/claim';
import { recordOutcomes } from '../src/delivery/complete';
import type { DeliveryMetrics } from '../src/delivery/metrics';
import { releaseStaleClaims } from '../src/delivery/release-stale';
import { createMessagesService } from '../src/modules/messages/service';
import { createOpdrachtenService } from '../src/modules/opdrachten/service';
import {
  VERSIENUMMER,
  bodyOf,
  eventually,
  seedReceiver,
  submit,
  useDeliveryResources,
  type DeliveryFixture,
} from './support/delivery';
import { serviceUser } from './helpers';
import { createDeadlineRules } from '../src/termijnen/deadlines';
import { reply, startLocalServer } from './support/local-server';

const opdrachtenService = (db: Database) =>
  createOpdrachtenService({ db, audit: createAuditService(), deadlines: createDeadlineRules(db) });

const { fixture, receiver } = useDeliveryResources();
const ALFA = 'Aannemer_Alfa';
const BRAVO = 'Aannemer_Bravo';
const LEASE = { leaseMs: 60_000 };

const admin = serviceUser([SUPER_ROLE]);

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/**
 * A receiver whose answers the test holds back per message: the next `times` callbacks of a held
 * message id stay open until `answer(id)`. Counts the callbacks per message id.
 */
async function heldReceiver() {
  const held = new Map<string, (() => void)[]>();
  const holding = new Map<string, number>();
  const posts = new Map<string, number>();
  const server = await startLocalServer((request, response) => {
    if (request.url === '/token')
      return reply(response, 200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 });
    const { id } = bodyOf(request);
    posts.set(id, (posts.get(id) ?? 0) + 1);
    const times = holding.get(id) ?? 0;
    if (times === 0) return reply(response, 200, {});
    holding.set(id, times - 1);
    held.set(id, [...(held.get(id) ?? []), () => reply(response, 200, {})]);
  });
  cleanup.push(server.close);
  return {
    origin: server.origin,
    hold: (id: string, times = Infinity) => holding.set(id, times),
    /** Answers the held callbacks of `id` and lets the next ones through at once. */
    answer(id: string) {
      holding.delete(id);
      for (const send of held.get(id) ?? []) send();
      held.delete(id);
    },
    posts: (id: string) => posts.get(id) ?? 0,
  };
}

async function newOrder(db: Database, opdrachtId: string) {
  await db.insert(opdrachten).values({
    opdrachtId,
    versienummer: VERSIENUMMER,
    opdrachtgever: 'Netbeheer_Test',
    opdrachtnemer: ALFA,
    status: 100,
    statusText: 'Opdracht verstuurd',
  });
}

const headOf = async (db: Database, opdrachtId: string) =>
  (await db.select().from(orderHeads).where(eq(orderHeads.opdrachtId, opdrachtId)))[0];

/** Metrics that count what the worker reports. */
function countingMetrics() {
  const counts = { delivered: 0, failed: 0, recordingFailed: 0, leaseExpired: 0, unrecorded: [] as number[] };
  const metrics: DeliveryMetrics = {
    delivered: () => counts.delivered++,
    failed: () => counts.failed++,
    recordingFailed: () => counts.recordingFailed++,
    unrecorded: (count) => counts.unrecorded.push(count),
    leaseExpired: () => counts.leaseExpired++,
  };
  return { counts, metrics };
}

describe('fenced claims (decision 0023)', { timeout: 60_000 }, () => {
  it('records a release, a failure or a delivery only while the head is still in the claim’s lane', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9', maxMessages: 1 });
    await newOrder(f.db, 'O-A');
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    // A first claim whose lease runs out, then a second one of the same head.
    const [first] = (await claimRuns(f.db, 50, 100)).runs;
    let second: Awaited<ReturnType<typeof claimRuns>>['runs'][number] | undefined;
    await eventually(async () => {
      [second] = (await claimRuns(f.db, 50, 60_000)).runs;
      expect(second).toBeDefined();
    });
    const stale = first![0]!.lane;
    const current = second![0]!.lane;
    expect(current).not.toBe(stale);
    const claimed = await headOf(f.db, 'O-A');
    expect(claimed).toMatchObject({ messageId: m1, lane: current });

    // The first worker's late outcomes: none of them touches the second's head.
    const err = { msg: 'HTTP 500', traceId: 't' };
    await recordOutcomes(f.db, { delivered: [], failures: [], released: [{ id: m1, lane: stale }] });
    await recordOutcomes(f.db, { delivered: [], failures: [{ id: m1, delayMs: 60_000, err, lane: stale }] });
    await recordOutcomes(f.db, { delivered: [{ id: m1, lane: stale }], failures: [] }, LEASE);
    expect(await headOf(f.db, 'O-A')).toEqual(claimed);
    const [message] = await f.db.select().from(messages).where(eq(messages.id, m1));
    expect(message).toMatchObject({ deliveredAt: null, failedAttempts: 0 });
    const [order] = await f.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'O-A'));
    expect(order?.inError).toBe(false);

    // The second worker's delivery moves it, and hands the claim on in its lane.
    const recorded = await recordOutcomes(f.db, { delivered: [{ id: m1, lane: current }], failures: [] }, LEASE);
    expect(recorded.runs.map((run) => run[0]!.id)).toEqual([m2]);
    expect(await headOf(f.db, 'O-A')).toMatchObject({ messageId: m2, lane: current });
  });

  it('a worker whose lease ran out during a POST does not release the head another worker claimed since', async () => {
    const f = await fixture(10_000);
    const rx = await heldReceiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: rx.origin, maxMessages: 1 });
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-1' });
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-2' });
    rx.hold(m1, 1);
    rx.hold(m2);
    // One lane (maxMessages 1) with both heads: the first worker sends m1, whose answer is held.
    const options = { leaseMs: 1500, maxInFlight: 1, pollIntervalMs: 50 };
    const first = f.startWorker(options);
    await eventually(() => expect(rx.posts(m1)).toBe(1));
    // Its lease runs out; the second worker claims both heads, sends m1 again (answered at once),
    // then m2, which the receiver holds.
    f.startWorker(options);
    await eventually(() => expect(rx.posts(m2)).toBe(1), 15_000);
    const secondsHead = await headOf(f.db, 'O-2');
    expect(secondsHead?.claimedUntil).not.toBeNull();

    // The first worker's answer comes: it records m1 and gives back O-2, which its lane never
    // started — all under its own lane, which is no longer the head's. Stopping it waits for that
    // recording.
    rx.answer(m1);
    await first.stop();
    expect(await headOf(f.db, 'O-2')).toEqual(secondsHead);

    rx.answer(m2);
    await eventually(async () => expect(await f.db.select().from(orderHeads)).toEqual([]));
    expect(rx.posts(m2)).toBe(1);
    const undelivered = await f.db
      .select()
      .from(messages)
      .where(sql`${messages.deliveredAt} is null`);
    expect(undelivered).toEqual([]);
  });
});

describe('a recording that fails (decision 0023)', { timeout: 60_000 }, () => {
  /** Makes the first `times` recordings of a delivery fail, by a trigger on the messages table. */
  async function failRecordings(db: Database, times: number) {
    await db.execute(sql`create sequence recording_attempts`);
    await db.execute(
      sql.raw(`create function refuse_recording() returns trigger language plpgsql as $$
        begin
          if nextval('recording_attempts') <= ${times} then raise exception 'injected: recording refused'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql`create trigger refuse_recording before update of delivered_at on messages
          for each row execute function refuse_recording()`,
    );
  }

  const attempts = async (db: Database) =>
    Number(
      (
        (await db.execute(sql`select last_value from recording_attempts`)) as unknown as {
          rows: { last_value: string }[];
        }
      ).rows[0]!.last_value,
    );

  it('is tried again: the delivery is recorded and the message sent once', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: alfa.origin });
    await failRecordings(f.db, 1);
    const id = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-1' });
    const { counts, metrics } = countingMetrics();
    // A short lease: a delivery thrown away would be claimed and sent again within 1 s.
    f.startWorker({ leaseMs: 1000, pollIntervalMs: 50, metrics });

    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.deliveredAt).not.toBeNull();
    });
    expect(alfa.callbacks).toHaveLength(1);
    expect(await attempts(f.db)).toBe(2);
    expect(counts.recordingFailed).toBe(1);
    expect(await f.db.select().from(orderHeads)).toEqual([]);
  });

  it('keeps the outcomes when every attempt fails, claims nothing meanwhile, and records them later', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: alfa.origin });
    // Four attempts in a row fail (the worker's 50, 250, 1000 ms retries); the fifth, 2 s later, succeeds.
    await failRecordings(f.db, 4);
    const id = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-1' });
    const { counts, metrics } = countingMetrics();
    const errors: string[] = [];
    f.startWorker({
      leaseMs: 1000,
      pollIntervalMs: 50,
      metrics,
      log: { error: (_object, message) => errors.push(message), warn: () => {} },
    });

    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.deliveredAt).not.toBeNull();
    }, 15_000);
    // The lease ran out meanwhile, but the worker kept the outcome and claimed nothing: sent once.
    expect(alfa.callbacks).toHaveLength(1);
    expect(await attempts(f.db)).toBe(5);
    expect(counts.recordingFailed).toBe(4);
    expect(counts.unrecorded).toContain(1);
    expect(counts.unrecorded.at(-1)).toBe(0);
    expect(errors).toContain('recording deliveries failed; the outcomes are kept and recorded later');
  });
});

describe('cancelling an order during its delivery (decision 0023)', { timeout: 60_000 }, () => {
  it('keeps what was delivered before the cancel took effect as delivered, and deletes the rest', async () => {
    const f = await fixture(10_000);
    const rx = await heldReceiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: rx.origin });
    await newOrder(f.db, 'O-A');
    const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m2 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    const m3 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    rx.hold(m1);
    f.startWorker({ pollIntervalMs: 50 });
    await eventually(() => expect(rx.posts(m1)).toBe(1));

    const service = opdrachtenService(f.db);
    const cancelled = await service.cancel(admin, 'O-A');
    expect(cancelled.status).toBe(990);
    // The run in flight stays until the worker records it.
    expect(await headOf(f.db, 'O-A')).toMatchObject({ cancelled: true, messageId: m1 });
    const entry = (await f.db.execute(
      sql`select after from audit_log where action = 'opdracht.cancel'`,
    )) as unknown as { rows: { after: Record<string, unknown> }[] };
    expect(entry.rows[0]?.after).toMatchObject({ deletedMessages: 0, messagesInFlight: 3 });

    rx.answer(m1);
    await eventually(async () => expect(await f.db.select().from(orderHeads)).toEqual([]));
    // Every message the receiver got is recorded as delivered; the others are gone.
    const left = await f.db.select({ id: messages.id, deliveredAt: messages.deliveredAt }).from(messages);
    const sent = [m1, m2, m3].filter((id) => rx.posts(id) > 0);
    expect(sent).toContain(m1);
    expect(left.map((row) => row.id).sort()).toEqual([...sent].sort());
    expect(left.every((row) => row.deliveredAt !== null)).toBe(true);
  });

  it('deletes a cancelled head and its messages once its lease has run out with no recording', async () => {
    const f = await fixture();
    await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
    await newOrder(f.db, 'O-A');
    await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
    await claimRuns(f.db, 50, 300);
    await opdrachtenService(f.db).cancel(admin, 'O-A');
    expect(await headOf(f.db, 'O-A')).toMatchObject({ cancelled: true });
    // No claim takes a cancelled head, even once its lease has run out …
    await eventually(async () => {
      await releaseStaleClaims(f.db);
      expect(await f.db.select().from(orderHeads)).toEqual([]);
    });
    expect((await claimRuns(f.db, 50, 60_000)).runs).toEqual([]);
    expect(await f.db.select().from(messages)).toEqual([]);
  });
});

/**
 * PostgreSQL only: PGlite runs one transaction at a time, so nothing waits for a lock there.
 * A connection of the test's own holds an advisory lock that a trigger waits for, to pause one
 * side at the point where the other's locks cross it.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'PostgreSQL: one lock order for resend, cancel and the recorder (decision 0023)',
  { timeout: 60_000 },
  () => {
    async function control(f: DeliveryFixture) {
      const client = new pg.Client({ connectionString: f.url });
      await client.connect();
      cleanup.push(() => client.end());
      const count = async (query: string) => Number((await client.query(query)).rows[0].count);
      return {
        client,
        /** Sessions waiting for the test's advisory lock. */
        pausedAtGate: () => count(`select count(*) from pg_locks where locktype = 'advisory' and not granted`),
        /** Sessions running a recording that wait for a row lock. */
        recorderWaiting: () =>
          count(`select count(*) from pg_stat_activity
                 where wait_event_type = 'Lock' and query like '%delivery_record%' and pid <> pg_backend_pid()`),
      };
    }

    /** 'fulfilled', or the database's error (a deadlock: 'deadlock detected'). */
    const outcome = (settled: PromiseSettledResult<unknown>) =>
      settled.status === 'fulfilled'
        ? 'fulfilled'
        : String((settled.reason as { cause?: { message?: string } }).cause?.message ?? settled.reason);

    /**
     * A trigger function that waits while the test holds advisory lock 2023 — once per transaction,
     * and never in a recording (whose own changes must pass).
     */
    async function gate(client: pg.Client) {
      await client.query(`create function wait_at_gate() returns trigger language plpgsql as $$
        begin
          if current_query() not like '%delivery_record%'
             and current_setting('test.gate_passed', true) is distinct from 'yes' then
            perform set_config('test.gate_passed', 'yes', true);
            perform pg_advisory_xact_lock_shared(2023);
          end if;
          return coalesce(new, old);
        end $$`);
      await client.query('select pg_advisory_lock(2023)');
    }

    it('resend (Opnieuw verzenden) during a recording of the same message: both complete', async () => {
      const f = await fixture();
      await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
      const m1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
      const [run] = (await claimRuns(f.db, 50, 60_000)).runs;
      const c = await control(f);
      // Resend pauses right after it has changed the message (the recorder's last lock).
      await gate(c.client);
      await c.client.query(`create trigger resend_gate after update of next_attempt on messages
                            for each row execute function wait_at_gate()`);

      const messagesService = createMessagesService({ db: f.db, audit: createAuditService() });
      const resend = messagesService.retry(admin, m1, 'aansluiting');
      await eventually(async () => expect(await c.pausedAtGate()).toBe(1));
      const recording = recordOutcomes(f.db, { delivered: [{ id: m1, lane: run![0]!.lane }], failures: [] });
      await eventually(async () => expect(await c.recorderWaiting()).toBe(1));
      await c.client.query('select pg_advisory_unlock(2023)');

      const [resent, recorded] = await Promise.allSettled([resend, recording]);
      expect(outcome(resent)).toBe('fulfilled');
      expect(outcome(recorded)).toBe('fulfilled');
      const [row] = await f.db.select().from(messages).where(eq(messages.id, m1));
      expect(row?.deliveredAt).not.toBeNull();
      expect(await f.db.select().from(orderHeads)).toEqual([]);
    });

    it('cancel during a recording that holds both receivers’ heads of the order: both complete', async () => {
      const f = await fixture();
      await seedReceiver(f.db, f.cipher, { deelnemer: ALFA, origin: 'http://127.0.0.1:9' });
      await seedReceiver(f.db, f.cipher, { deelnemer: BRAVO, origin: 'http://127.0.0.1:9' });
      await newOrder(f.db, 'O-A');
      const b1 = await submit(f.db, { receiver: BRAVO, opdrachtId: 'O-A' });
      const a1 = await submit(f.db, { receiver: ALFA, opdrachtId: 'O-A' });
      const runs = (await claimRuns(f.db, 50, 60_000)).runs;
      expect(runs).toHaveLength(2);
      const laneOf = (id: string) => runs.find((run) => run[0]!.id === id)![0]!.lane;
      const c = await control(f);
      // Bravo's head first in the table, Alfa's after it: a statement that scans the order's heads
      // meets Bravo's first, while the recorder locks Alfa's first (receiver order).
      await c.client.query(`update order_heads set due = due where receiver = '${ALFA}'`);
      const scanned = await c.client.query(`select receiver from order_heads order by ctid`);
      expect(scanned.rows.map((row: { receiver: string }) => row.receiver)).toEqual([BRAVO, ALFA]);
      // The cancel pauses at the first head it changes (the recorder's own changes pass).
      await gate(c.client);
      await c.client.query(`create trigger cancel_gate before update or delete on order_heads
                            for each row execute function wait_at_gate()`);

      const service = opdrachtenService(f.db);
      const cancel = service.cancel(admin, 'O-A');
      await eventually(async () => expect(await c.pausedAtGate()).toBe(1));
      const recording = recordOutcomes(f.db, {
        delivered: [
          { id: a1, lane: laneOf(a1) },
          { id: b1, lane: laneOf(b1) },
        ],
        failures: [],
      });
      await eventually(async () => expect(await c.recorderWaiting()).toBe(1));
      await c.client.query('select pg_advisory_unlock(2023)');

      const [cancelled, recorded] = await Promise.allSettled([cancel, recording]);
      expect(outcome(cancelled)).toBe('fulfilled');
      expect(outcome(recorded)).toBe('fulfilled');
      // Both messages were in flight at the cancel: recorded as delivered, heads gone.
      const rows = await f.db.select({ deliveredAt: messages.deliveredAt }).from(messages);
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.deliveredAt !== null)).toBe(true);
      expect(await f.db.select().from(orderHeads)).toEqual([]);
    });
  },
);
