import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LATENCY_BUCKET_BOUNDS_MS,
  LATENCY_BUCKET_COUNT,
  latencyBucketOf,
  OVERZICHT_SLOTS,
  OVERZICHT_TEXTS,
  SUPER_ROLE,
  type Overzicht,
  type OverzichtEntry,
} from '@knooppunt/domain';
import { deliveryMinutes } from '../src/db/schema';
import { DEMO_PAUSED_PARTICIPANT } from '../src/demo/seed-configs';
import { createOverzichtService } from '../src/modules/overzicht/service';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { ALFA, NOORD, at, message, seedMessages } from './support/monitoring';

/**
 * The Overzicht's call (issue 22 item 3, decision 0036): per receiver configuration its sender's
 * state, its queue and 24 hours of delivery counters, for the monitoring rights, tenancy on the server.
 */

const URL = '/rest/management/overzicht';
const SLOT_MS = 5 * 60_000;

let t: TestApp;
let superRole: Record<string, string>;

/** Latency counts: `count` deliveries in bucket `bucket`. */
const latency = (bucket: number, count: number) =>
  Array.from({ length: LATENCY_BUCKET_COUNT }, (_, i) => (i === bucket ? count : 0));
/** The start of the minute `minutesAgo` minutes before now. */
const minuteAgo = (minutesAgo: number) => new Date(Math.floor((Date.now() - minutesAgo * 60_000) / 60_000) * 60_000);

/** Half an hour ago, to another receiver and flow (its minute fixed once: a later minuteAgo may fall in the next slot). */
const NOORD_HOOFDNET_COUNTER = {
  receiver: NOORD,
  versienummer: 'h1.0',
  minute: minuteAgo(30),
  delivered: 3,
  failed: 4,
  latency: latency(0, 3),
};

/** The counter rows the worker would have written (the table's contract). */
const COUNTERS = [
  // Two minutes of one slot two hours ago: 90 fast deliveries (≤ 25 ms) and 3 failures.
  { receiver: ALFA, versienummer: '2.0', minute: minuteAgo(120), delivered: 50, failed: 2, latency: latency(1, 50) },
  { receiver: ALFA, versienummer: '2.0', minute: minuteAgo(121), delivered: 40, failed: 1, latency: latency(1, 40) },
  // Ten slow ones (≤ 2,500 ms) six hours ago: the p95 of the 100 is 2,500 ms.
  { receiver: ALFA, versienummer: '2.0', minute: minuteAgo(360), delivered: 10, failed: 0, latency: latency(7, 10) },
  // 25 hours ago: outside the window.
  {
    receiver: ALFA,
    versienummer: '2.0',
    minute: minuteAgo(25 * 60),
    delivered: 999,
    failed: 999,
    latency: latency(14, 999),
  },
  // Another receiver and flow.
  NOORD_HOOFDNET_COUNTER,
];

const slotIndex = (answer: Overzicht, minute: Date) =>
  Math.floor((minute.getTime() - Date.parse(answer.from)) / SLOT_MS);
const entryOf = (answer: Overzicht, receiver: string, versienummer: string) => {
  const entry = answer.entries.find((e) => e.receiver === receiver && e.versienummer === versienummer);
  if (!entry) throw new Error(`no entry for ${receiver} ${versienummer}`);
  return entry;
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function overview(headers: Record<string, string>, query = ''): Promise<Overzicht> {
  const response = await t.app.inject({ method: 'GET', url: `${URL}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Overzicht>();
}

beforeAll(async () => {
  t = await createTestApp();
  superRole = bearer(await tokenFor(t, { roles: [SUPER_ROLE] }));
  await t.app.db.insert(deliveryMinutes).values(COUNTERS);
  // Waiting to Alfa in Aansluiting: two orders, the oldest accepted 50 minutes ago; one delivered.
  await seedMessages(t.app.db, [
    message('w1', 'OV-1', 'Planning', [NOORD, ALFA], { created: -50 }),
    message('w2', 'OV-1', 'TG', [NOORD, ALFA], { created: -20 }),
    message('w3', 'OV-2', 'Planning', [NOORD, ALFA], { created: -30, failedAttempts: 2 }),
    message('d1', 'OV-3', 'Planning', [NOORD, ALFA], { created: -90, delivered: true }),
    message('h1', 'OV-H1', 'PlanningHoofdnet', [NOORD, ALFA], { versienummer: 'h1.0', created: -10 }),
  ]);
  // Every order with undelivered messages has its head, the oldest of them, as acceptance writes it.
  await t.app.db.execute(sql`insert into order_heads (receiver, opdracht_id, message_id, versienummer, due)
    select distinct on (receiver, opdracht_id) receiver, opdracht_id, id, versienummer, next_attempt
    from messages where delivered_at is null order by receiver, opdracht_id, seq`);
});
afterAll(() => t?.close());

describe('GET /rest/management/overzicht', () => {
  it('answers per receiver configuration its state, queue, 24 hours of counters per 5 minutes and the p95', async () => {
    const answer = await overview(superRole);
    expect(answer.slotMinutes).toBe(5);
    expect(Date.parse(answer.from) % SLOT_MS).toBe(0);
    const alfa = entryOf(answer, ALFA, '2.0');
    expect(alfa).toMatchObject({
      flow: 'aansluiting',
      running: true,
      waiting: 3,
      waitingIsLowerBound: false,
      oldestWaiting: at(-50).toISOString(),
      p95Ms: 2_500,
      p95IsLowerBound: false,
      alert: null,
    });
    expect(alfa.delivered).toHaveLength(OVERZICHT_SLOTS);
    expect(alfa.failed).toHaveLength(OVERZICHT_SLOTS);
    // Each counter row lands in its slot; the row of 25 hours ago in none.
    const expected = {
      delivered: new Array<number>(OVERZICHT_SLOTS).fill(0),
      failed: new Array<number>(OVERZICHT_SLOTS).fill(0),
    };
    for (const row of COUNTERS.filter((r) => r.receiver === ALFA && r.minute > minuteAgo(24 * 60))) {
      expected.delivered[slotIndex(answer, row.minute)]! += row.delivered;
      expected.failed[slotIndex(answer, row.minute)]! += row.failed;
    }
    expect(alfa.delivered).toEqual(expected.delivered);
    expect(alfa.failed).toEqual(expected.failed);
    expect(sum(alfa.delivered)).toBe(100);
    expect(sum(alfa.failed)).toBe(3);

    const noordHoofdnet = entryOf(answer, NOORD, 'h1.0');
    expect(noordHoofdnet).toMatchObject({ flow: 'hoofdnet', waiting: 0, oldestWaiting: null, p95Ms: 10 });
    expect(noordHoofdnet.failed[slotIndex(answer, NOORD_HOOFDNET_COUNTER.minute)]).toBe(4);
    // The Hoofdnet message to Alfa waits in Alfa's Hoofdnet configuration, not its Aansluiting one.
    expect(entryOf(answer, ALFA, 'h1.0')).toMatchObject({ waiting: 1, oldestWaiting: at(-10).toISOString() });
  });

  it('lists every configuration with a sender, paused ones as not running, and none without counters as zeros', async () => {
    const answer = await overview(superRole);
    const receivers = new Set(answer.entries.map((e) => e.receiver));
    expect(receivers).toContain(DEMO_PAUSED_PARTICIPANT);
    expect(entryOf(answer, DEMO_PAUSED_PARTICIPANT, '2.0').running).toBe(false);
    const quiet = entryOf(answer, DEMO_PAUSED_PARTICIPANT, 'h1.0');
    expect(quiet).toMatchObject({ p95Ms: null, waiting: 0, oldestWaiting: null });
    expect(sum(quiet.delivered) + sum(quiet.failed)).toBe(0);
    const keys = answer.entries.map((e) => `${e.receiver} ${e.versienummer}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('limits the answer to one flow with versienummer', async () => {
    const answer = await overview(superRole, '?versienummer=h1.0');
    expect(answer.entries.length).toBeGreaterThan(1);
    expect(answer.entries.every((e) => e.versienummer === 'h1.0')).toBe(true);
  });

  it('shows a p95 above the last bucket as that bound, marked a lower bound', async () => {
    const receiver = 'Overzicht_Traag';
    await t.app.db.execute(sql`insert into senders (deelnemer, versienummer, version) values (${receiver}, '2.0', 1)`);
    await t.app.db.insert(deliveryMinutes).values({
      receiver,
      versienummer: '2.0',
      minute: minuteAgo(60),
      delivered: 1,
      failed: 0,
      latency: latency(15, 1),
    });
    // A fresh service: the app's keeps the slots it has read (the caching test below covers that).
    const service = createOverzichtService({ db: t.app.db });
    const answer = await service.overview({ sub: 'x', permissions: { canSeeAllParticipants: true } } as never, {
      versienummer: '2.0',
    });
    expect(entryOf(answer, receiver, '2.0')).toMatchObject({
      p95Ms: LATENCY_BUCKET_BOUNDS_MS.at(-1),
      p95IsLowerBound: true,
    });
  });

  it('reads a p95 of 1 to 2,5 minutes at that precision, also with counters written before the finer buckets', async () => {
    const receiver = 'Overzicht_Minuten';
    await t.app.db.execute(sql`insert into senders (deelnemer, versienummer, version) values (${receiver}, '2.0', 1)`);
    // The worker counts 100 deliveries that took 65 s to 145 s (issue 29: this read '5 min').
    const counts = Array<number>(LATENCY_BUCKET_COUNT).fill(0);
    for (const ms of [65_000, 80_000, 100_000, 130_000, 145_000]) counts[latencyBucketOf(ms)]! += 20;
    await t.app.db.insert(deliveryMinutes).values({
      receiver,
      versienummer: '2.0',
      minute: minuteAgo(90),
      delivered: 100,
      failed: 0,
      latency: counts,
    });
    const read = async () =>
      entryOf(
        await createOverzichtService({ db: t.app.db }).overview(
          { sub: 'x', permissions: { canSeeAllParticipants: true } } as never,
          { versienummer: '2.0' },
        ),
        receiver,
        '2.0',
      );
    expect(await read()).toMatchObject({ p95Ms: 150_000, p95IsLowerBound: false });

    // A row of before issue 29 holds 16 buckets, the old (60 s, 5 min] one at position 12: its 900
    // deliveries read as at most 5 minutes beside the finer ones.
    const before = Array<number>(16).fill(0);
    before[12] = 900;
    await t.app.db.execute(
      sql`insert into delivery_minutes (receiver, versienummer, minute, delivered, failed, latency)
          values (${receiver}, '2.0', ${minuteAgo(120).toISOString()}::timestamptz, 900, 0,
                  ${`{${before.join(',')}}`}::int[])`,
    );
    expect(await read()).toMatchObject({ p95Ms: 300_000, p95IsLowerBound: false });
  });

  it('shows a participant its own receiver configurations only', async () => {
    const alfa = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: ALFA }));
    const answer = await overview(alfa);
    expect(answer.entries.map((e: OverzichtEntry) => `${e.receiver} ${e.versienummer}`)).toEqual([
      `${ALFA} 2.0`,
      `${ALFA} h1.0`,
    ]);
    expect(entryOf(answer, ALFA, '2.0').waiting).toBe(3);
    // The operator's staff are no participant: they see every receiver (decision 0010).
    const staff = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Knooppunt_Beheer' }));
    expect((await overview(staff)).entries.length).toBe((await overview(superRole)).entries.length);
  });

  it('is open to the Uitval right as well', async () => {
    const uitval = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: ALFA }));
    expect((await overview(uitval)).entries.every((e) => e.receiver === ALFA)).toBe(true);
  });

  it('answers 401 without a token and 403 without a monitoring right, before the handler', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const config = bearer(await tokenFor(t, { roles: ['Configuraties Beheren'], deelnemer: ALFA }));
    const response = await t.app.inject({ method: 'GET', url: URL, headers: config });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers 400 naming versienummer for an unknown one', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}?versienummer=9.9`, headers: superRole });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      expect.objectContaining({ field: 'versienummer', message: OVERZICHT_TEXTS.versienummer }),
    ]);
  });
});

describe('settled slots kept in the process', () => {
  const user = { sub: 'x', permissions: { canSeeAllParticipants: true } } as never;
  const [receiver, late] = ['Overzicht_Cache', 'Overzicht_Laat'];

  it('reads settled slots once and recent ones every call: the answer equals a fresh read', async () => {
    await t.app.db.execute(
      sql`insert into senders (deelnemer, versienummer, version) values (${receiver}, '2.0', 1), (${late}, '2.0', 1)`,
    );
    const start = Math.floor(Date.now() / SLOT_MS) * SLOT_MS;
    const row = (who: string, minutesFromStart: number, delivered: number) => ({
      receiver: who,
      versienummer: '2.0',
      minute: new Date(start + minutesFromStart * 60_000),
      delivered,
      failed: 1,
      latency: latency(2, delivered),
    });
    await t.app.db
      .insert(deliveryMinutes)
      .values([row(receiver, -600, 7), row(receiver, -60, 5), row(receiver, -3, 2)]);
    let clock = start + 60_000;
    const kept = createOverzichtService({ db: t.app.db, now: () => clock });
    const first = entryOf(await kept.overview(user, {}), receiver, '2.0');
    expect(sum(first.delivered)).toBe(14);

    // Later: new counters in a recent slot and in one that was still to come; the oldest row leaves
    // the window. The kept service answers what a fresh one reads.
    await t.app.db.insert(deliveryMinutes).values([row(receiver, -2, 4), row(receiver, 20, 6)]);
    // A counter written into a slot that had settled (> 10 minutes old) when it was read is not
    // read again: the proof that the settled slots come from the process, not the database.
    await t.app.db.insert(deliveryMinutes).values(row(late, -61, 100));
    clock = start + 22 * 60 * 60_000; // 22 hours on: the row of −600 minutes is out, −60 still in
    const later = await kept.overview(user, {});
    const fresh = await createOverzichtService({ db: t.app.db, now: () => clock }).overview(user, {});
    expect(sum(entryOf(later, receiver, '2.0').delivered)).toBe(5 + 2 + 4 + 6);
    expect(entryOf(later, receiver, '2.0')).toEqual(entryOf(fresh, receiver, '2.0'));
    expect(sum(entryOf(fresh, late, '2.0').delivered)).toBe(100);
    expect(sum(entryOf(later, late, '2.0').delivered)).toBe(0);
    const others = (answer: Overzicht) => answer.entries.filter((e) => e.receiver !== late);
    expect(others(later)).toEqual(others(fresh));
  });

  it('sees a counter written in a recent minute on the next call', async () => {
    const kept = createOverzichtService({ db: t.app.db });
    const before = sum(entryOf(await kept.overview(user, {}), ALFA, 'h1.0').failed);
    await t.app.db.insert(deliveryMinutes).values({
      receiver: ALFA,
      versienummer: 'h1.0',
      minute: minuteAgo(1),
      delivered: 0,
      failed: 9,
      latency: latency(0, 0),
    });
    const after = sum(entryOf(await kept.overview(user, {}), ALFA, 'h1.0').failed);
    expect(after).toBe(before + 9);
  });

  it("shows a receiver's open alert (decision 0035), not a recovered one", async () => {
    await t.app.db
      .execute(sql`insert into delivery_alerts (receiver, versienummer, down_since, reason, last_error, last_trace_id, alerted_at, recovered_at)
      values (${ALFA}, '2.0', ${at(-40).toISOString()}::timestamptz, 'failures', 'HTTP 500', 'trace-1', now(), null),
             (${NOORD}, 'h1.0', ${at(-300).toISOString()}::timestamptz, 'silence', null, null, now(), now())`);
    const answer = await overview(superRole);
    expect(entryOf(answer, ALFA, '2.0').alert).toEqual({
      since: at(-40).toISOString(),
      reason: 'failures',
      lastError: 'HTTP 500',
    });
    expect(entryOf(answer, NOORD, 'h1.0').alert).toBeNull();
    expect(entryOf(answer, ALFA, 'h1.0').alert).toBeNull();
  });

  it('reads the queues at most every few seconds, shared by the calls in between', async () => {
    const user = { sub: 'x', permissions: { canSeeAllParticipants: true } } as never;
    const kept = createOverzichtService({ db: t.app.db, queueReadMs: 60_000 });
    const before = entryOf(await kept.overview(user, {}), ALFA, '2.0').waiting;
    await seedMessages(t.app.db, [message('w9', 'OV-9', 'Planning', [NOORD, ALFA], { created: -5 })]);
    expect(entryOf(await kept.overview(user, {}), ALFA, '2.0').waiting).toBe(before);
    const fresh = createOverzichtService({ db: t.app.db, queueReadMs: 0 });
    expect(entryOf(await fresh.overview(user, {}), ALFA, '2.0').waiting).toBe(before + 1);
  });
});
