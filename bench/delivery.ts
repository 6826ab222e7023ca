/**
 * npm run bench:delivery — how fast the platform delivers, against a loopback receiver.
 *
 * Per database (PGlite; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server —
 * `npm run bench:delivery` starts a throwaway one), in one run against one receiver process:
 *   raw      plain undici POSTs of the same bodies: the baseline the ratios compare with;
 *   drain    a pre-filled outbox (N messages, FIFO per order, at most 5 in flight per receiver)
 *            delivered by the worker;
 *   api      N messages for 5,000 orders submitted through POST /api/v1/berichten by the
 *            participants' systems, from the first submit until the last is recorded delivered;
 *   accept   the same through the API with every sender paused: what accepting alone costs;
 *   idle     one message at a time on a quiet system: submit → arrival at the receiver;
 *   bulk     'Alles opnieuw versturen' (issue 22 item 1): a job makes --bulk (100,000) failed messages of
 *            one receiver due now — each the head of its own order, as after an outage, since only an
 *            order's head is ever attempted — while --beside messages to the others drain; the job's
 *            time, and the drain's rate while the job ran against the same stretch of the same drain
 *            without it (that receiver's sender is paused, so what is measured is the rescheduling,
 *            not that receiver's deliveries; its failed messages are there in both drains, and each
 *            drain starts on a vacuumed database, so that the two differ by the job alone);
 *   limit    a rate limit per receiver (issue 30 item 5): --beside messages to all receivers but one drained,
 *            then again while that one has a backlog and 'Maximaal aantal berichten per seconde' 10: its
 *            rate over the second drain (target 10/s ± 10 %) and the others' rate beside it against the
 *            first (target ≥ 0.95×), FIFO per order checked by the receiver throughout;
 *   down     fairness while receivers are down (issue 22 item 6): --beside messages to the other
 *            receivers drained with all receivers healthy, then again while one receiver answers 500
 *            to everything and one never answers (until the platform's timeout), each with a backlog
 *            of N messages: the healthy ones' rate against the first, and the slowest receiver's;
 *   test     the test environment beside production (issue 28): --beside messages to all receivers drained
 *            alone, then again while --test-runs (5) conformance runs go on and a test load of --test-load
 *            (5) messages/s goes into the test environment, for the whole drain — all through the HTTP API
 *            as participants do (lib/test-side.ts, its own process: test configurations pointing at the
 *            participants' test systems in that process, test system clients with their provider tokens,
 *            runs started and each played by its participant's test system, which acts on its test
 *            callbacks, a run that ends followed by the next); both drains start on a vacuumed database after the same pause (in which the test side
 *            gets going before the second), after a first drain of the same size that is not measured (a
 *            platform's first large drain runs ~5 % slower than its next): the two rates and beside/alone.
 * Options: --messages N (20000), --receivers N (50), --orders N (5000), --only pglite|postgres,
 * --bulk N (100000), --beside N (60000: the messages, 4 per order, of the drains beside the bulk job
 * and beside the down receivers and the test side; they must outlast the job, and longer drains measure with
 * less noise),
 * --phases raw,drain,api,accept,idle,test,bulk,limit,down (all by default; a phase left out prints as '—'),
 * --test-runs N (5), --test-pairs N (4: the drains alone and beside the test side, in turn, N times — alone first in
 * the odd pairs, beside first in the even ones; the ratio is of their mean rates), --test-load N (5: messages per second into the test environment), --test-poll MS (250:
 * how often a run's participant system reads its run, GET /rest/testtool/runs/{id}, while a step moves — after
 * a test callback about the run's order or its own answer; otherwise every 2 s, as the Testtool screen does),
 * --test-lead MS (5000: the pause before each drain of the test phase, in which the test side's own cost is read;
 * longer to profile the test side alone),
 * --rounds N (3: raw, drain and API→delivered run N times in turn; their rates and ratios are the medians),
 * --limit-pairs N (3: the limit phase's drains alone and beside the limited receiver, in turn, N times),
 * --workers N (PostgreSQL only: the API in this process, N delivery worker processes beside it,
 * as a deployment with ROLE=api and ROLE=worker runs; 0 by default: one process, as npm start).
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { MESSAGE_VERSIENUMMER_FILTER, SUPER_ROLE, type BulkRetryJob } from '@knooppunt/domain';
import { sql } from 'drizzle-orm';
import type { BenchOrder, ReceiverStats, SubmitResult, TestSideSummary } from './lib/protocol';
import {
  MAX_MESSAGES,
  portalToken,
  prefillOutbox,
  registerParticipants,
  seedReceivers,
  setSendersRunning,
  startPlatform,
  systemTokens,
  waitDrained,
  type DatabaseKind,
  type Platform,
} from './lib/platform';
import { queryRows } from '../packages/server/src/db/client';
import { cpuCores, cpuPerMessage, cpuSnapshot, stolenMs, type CpuGroup, type CpuSnapshot } from './lib/cpu';
import { startParticipants, startTestSide, type Participants } from './lib/participants-client';
import { PLAYER_IDLE_MS, PLAYER_POLL_MS } from './lib/conformance-player';
import { rawPosts } from './lib/raw';
import { now, pause, percentile, rate, table } from './lib/stats';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    receivers: { type: 'string', default: '50' },
    orders: { type: 'string', default: '5000' },
    only: { type: 'string' },
    phases: { type: 'string', default: 'raw,drain,api,accept,idle,test,bulk,limit,down' },
    bulk: { type: 'string', default: '100000' },
    beside: { type: 'string', default: '60000' },
    workers: { type: 'string', default: '0' },
    rounds: { type: 'string', default: '3' },
    'limit-pairs': { type: 'string', default: '3' },
    'test-runs': { type: 'string', default: '5' },
    'test-pairs': { type: 'string', default: '4' },
    'test-load': { type: 'string', default: '5' },
    'test-poll': { type: 'string', default: String(PLAYER_POLL_MS) },
    'test-lead': { type: 'string', default: '5000' },
  },
});
const PHASES = ['raw', 'drain', 'api', 'accept', 'idle', 'test', 'bulk', 'limit', 'down'] as const;
type Phase = (typeof PHASES)[number];
const phases = new Set(values.phases.split(',').map((phase) => phase.trim()));
const unknownPhase = [...phases].find((phase) => !PHASES.includes(phase as Phase));
if (unknownPhase) {
  console.error(`Unknown phase '${unknownPhase}': choose from ${PHASES.join(', ')}.`);
  process.exit(2);
}
const runs = (phase: Phase) => phases.has(phase);
const MESSAGES = Number(values.messages);
const RECEIVERS = Number(values.receivers);
const WORKERS = Number(values.workers);
const ORDERS = Number(values.orders);
const IDLE_SAMPLES = 300;
const BULK = Number(values.bulk);
/** Messages per order in the drain phase and in each down receiver's backlog of ORDERS orders. */
const PER_ORDER = Math.max(1, Math.round(MESSAGES / ORDERS));
/**
 * The drains beside the bulk job and beside the down receivers: 4 messages per order, as the drain
 * phase has by default, spread over the receivers. Larger than --messages, so that the drain runs
 * for longer than the job and the rates are read over seconds rather than a few hundred ms.
 */
const BESIDE_PER_ORDER = 4;
const BESIDE_ORDERS = Math.max(1, Math.round(Number(values.beside) / BESIDE_PER_ORDER));
const BESIDE_MESSAGES = BESIDE_ORDERS * BESIDE_PER_ORDER;
const ROUNDS = Math.max(1, Number(values.rounds));
const LIMIT_PAIRS = Math.max(1, Number(values['limit-pairs']));
const TEST_RUNS = Number(values['test-runs']);
const TEST_PAIRS = Number(values['test-pairs']);
const TEST_LOAD = Number(values['test-load']);
const TEST_POLL_MS = Number(values['test-poll']);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Half grid operators, half contractors; every order pairs one of each. */
const gevers = Array.from({ length: RECEIVERS / 2 }, (_, i) => `Bench_Net_${String(i + 1).padStart(2, '0')}`);
const nemers = Array.from({ length: RECEIVERS / 2 }, (_, i) => `Bench_Aan_${String(i + 1).padStart(2, '0')}`);
const everyone = [...gevers, ...nemers];
const ordersOf = (prefix: string, count: number): BenchOrder[] =>
  Array.from({ length: count }, (_, i) => ({
    opdrachtId: `${prefix}-${i}`,
    opdrachtgever: gevers[i % gevers.length]!,
    opdrachtnemer: nemers[(i * 7 + Math.floor(i / nemers.length)) % nemers.length]!,
  }));

/** One round of the raw, drain and API phases: their rates (a phase not run leaves its out). */
interface Round {
  raw?: number;
  drain?: number;
  api?: number;
}

/** The median of the figures there are; undefined when there are none. */
function medianOf(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle] : (known[middle - 1]! + known[middle]!) / 2;
}

/** The ratio of each round where both figures are there, and their median. */
function roundRatios(rounds: readonly Round[], of: 'drain' | 'api') {
  const each = rounds.flatMap((r) => (r[of] !== undefined && r.raw !== undefined ? [r[of] / r.raw] : []));
  return { each, median: medianOf(each) };
}

/** A phase not run leaves its figures out. */
interface Result {
  database: DatabaseKind;
  rawRate?: number;
  drainRate?: number;
  apiRate?: number;
  acceptRate?: number;
  idleP50?: number;
  idleP99?: number;
  /** Each round of raw, drain and API→delivered (--rounds); the rates above are their medians. */
  rounds: Round[];
  /** CPU per delivered message of each process group, while draining and while API→delivered ran (the last round). */
  drainCpu?: Record<CpuGroup, string>;
  apiCpu?: Record<CpuGroup, string>;
  /**
   * The bulk phase: the job's time, and the drain beside it while the job ran against the same
   * stretch (the same offsets from the start) of the same drain without the job.
   */
  bulk?: {
    jobMs: number;
    rescheduled: number;
    /** The job's start and finish, in ms since the start of the drain beside it. */
    window: { fromMs: number; toMs: number };
    /** Arrivals per second in that window, in the drain without the job and in the one beside it. */
    withoutRate: number;
    besideRate: number;
    /** Cores the host took from this machine in that window, on average (0 where /proc/stat is absent). */
    withoutStolen: number;
    besideStolen: number;
    without: Drain;
    beside: Drain;
  };
  /** The limit phase: the others' drain without the limited receiver, and beside it; the limited one's rate. */
  limit?: { without: Drain; beside: Drain; limitedRate: number; limitedMessages: number }[];
  /** The down phase: the healthy receivers' drain with everyone up, then beside the two down. */
  down?: { healthy: Drain; beside: Drain; alerts: { receiver: string; reason: string; afterMs: number }[] };
  /**
   * The test phase: the drain alone and beside the test side, what the test side did meanwhile, and
   * the test environment's messages still undelivered when the drain beside it ended.
   */
  test?: TestPair[];
  /** What the receiver saw in the drain, in API→delivered and in the drains of the down, bulk and test phases. */
  checks: {
    phase:
      | 'drain'
      | 'API'
      | 'healthy'
      | 'beside down'
      | 'without bulk'
      | 'beside bulk'
      | 'without limit'
      | 'beside limit'
      | 'test warm-up'
      | 'test alone'
      | 'beside test';
    stats: ReceiverStats;
  }[];
}

/**
 * How many messages had arrived (`unique`) `at` ms after a drain's start, and how much CPU the host
 * had taken from this machine by then (`stolen`, ms since the drain's start; 0 where unknown).
 */
interface Sample {
  at: number;
  unique: number;
  stolen: number;
}

/**
 * A drain to several receivers: its rate from the start to the last arrival, the rate of the
 * receiver that finished last, and its arrival curve, so that a stretch of it can be compared.
 */
interface Drain {
  rate: number;
  slowest: { deelnemer: string; rate: number };
  /** `now()` as the senders were started; the samples and `lastMs` count from it. */
  started: number;
  /** The last arrival, in ms since `started`. */
  lastMs: number;
  /** Ascending in `at`, from `{ at: 0, unique: 0, stolen: 0 }` to the poll that saw the last arrival. */
  samples: Sample[];
  /** The processes' CPU at the start and at the poll that saw the last arrival. */
  cpu: { before: CpuSnapshot; after: CpuSnapshot };
}

/** One pair of the test phase's drains: alone, then beside the test side. */
interface TestPair {
  alone: Drain;
  beside: Drain;
  side: TestSideSummary;
  testUndelivered: number;
  /** The test side on its own: the processes' CPU over the lead of the drain beside it, once it had started. */
  lead: { before: CpuSnapshot; after: CpuSnapshot; ms: number };
}

/** The test phase's rates over its pairs: the mean rate alone and beside, and their ratio. */
function testRates(pairs: readonly TestPair[]) {
  const mean = (rates: number[]) => rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
  const alone = mean(pairs.map((pair) => pair.alone.rate));
  const beside = mean(pairs.map((pair) => pair.beside.rate));
  return { alone, beside, ratio: beside / alone };
}

/** Messages arrived once at `receivers`. */
const arrivedAt = (stats: ReceiverStats, receivers: readonly string[]) =>
  receivers.reduce((sum, receiver) => sum + (stats.perReceiver[receiver]?.unique ?? 0), 0);

/** A sample's `field` at `atMs`, interpolated linearly between the samples either side of it. */
function sampledAt(samples: readonly Sample[], atMs: number, field: 'unique' | 'stolen' = 'unique'): number {
  const after = samples.findIndex(({ at }) => at >= atMs);
  // Past the last sample the curve is unknown: answering its last count would read a drain that
  // had ended as one that stalled.
  if (after === -1)
    throw new Error(`the drain's samples end at ${samples.at(-1)?.at.toFixed(0)} ms, before ${atMs} ms`);
  if (after === 0) return samples[0]![field];
  const before = samples[after - 1]!;
  const next = samples[after]!;
  return before[field] + ((next[field] - before[field]) * (atMs - before.at)) / (next.at - before.at);
}

/** Arrivals per second between two offsets (ms since the drain's start), read off its samples. */
function rateBetween(samples: readonly Sample[], fromMs: number, toMs: number): number {
  if (!(toMs > fromMs)) throw new Error(`rateBetween: an empty window (${fromMs} to ${toMs} ms)`);
  return rate(sampledAt(samples, toMs) - sampledAt(samples, fromMs), toMs - fromMs);
}

/** The cores the host took from this machine on average between two offsets of a drain. */
function stolenBetween(samples: readonly Sample[], fromMs: number, toMs: number): number {
  return (sampledAt(samples, toMs, 'stolen') - sampledAt(samples, fromMs, 'stolen')) / (toMs - fromMs);
}

/**
 * 'Alles opnieuw versturen' for the receiver's failed messages as the portal starts it: one job,
 * followed until it finished. Answers its time from the request to the finish seen, both as
 * `now()` (to place the job on the arrival curve of the drain beside it), and how many it made due.
 */
/**
 * How often the bench asks for the job's progress: as the portal does (every second) it would blur
 * the job's time; much more often (every 20 ms) it costs the api process, which also delivers, a
 * verified token and a read 50 times a second.
 */
const JOB_POLL_MS = 100;

async function bulkResend(origin: string, token: string, receiver: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = now();
  const response = await fetch(`${origin}/rest/management/message/bulk-retry`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      filters: [
        { name: 'versienummer', value: MESSAGE_VERSIENUMMER_FILTER.aansluiting },
        { name: 'receiver', value: receiver },
        { name: 'isInError', value: true },
      ],
    }),
  });
  if (response.status !== 202) throw new Error(`bulk resend: HTTP ${response.status} ${await response.text()}`);
  let job = (await response.json()) as BulkRetryJob;
  while (job.state === 'running') {
    await pause(JOB_POLL_MS);
    job = (await (
      await fetch(`${origin}/rest/management/message/bulk-retry/${job.id}`, { headers })
    ).json()) as BulkRetryJob;
  }
  if (job.state !== 'finished') throw new Error(`bulk resend ${job.state}: ${JSON.stringify(job)}`);
  const finished = now();
  return { jobMs: finished - started, started, finished, rescheduled: job.done };
}

/** Waits until each receiver has an open delivery alert; answers them. */
async function waitForAlerts(platform: Platform, receivers: readonly string[], timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await queryRows<{ receiver: string; reason: string; opened: string }>(
      platform.app.db,
      sql`select receiver, reason, to_char(opened at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as opened
          from delivery_alerts where recovered_at is null`,
    );
    const found = receivers.map((receiver) => open.find((alert) => alert.receiver === receiver));
    if (found.every(Boolean)) return found.map((alert) => alert!);
    if (Date.now() > until) throw new Error(`no alert within ${timeoutMs} ms for ${receivers.join(', ')}`);
    await pause(500);
  }
}

/** The bulk phase's receiver: its failed messages are resent by one job. */
const BULK_RECEIVER = everyone[2]!;
const BESIDE_BULK = everyone.filter((deelnemer) => deelnemer !== BULK_RECEIVER);

/** The limit phase's receiver, at most LIMIT_PER_SECOND messages a second, and its backlog (orders of 2). */
const LIMITED_RECEIVER = everyone[3]!;
const BESIDE_LIMITED = everyone.filter((deelnemer) => deelnemer !== LIMITED_RECEIVER);
const LIMIT_PER_SECOND = 10;
const LIMITED_ORDERS = 2000;

/** Of the receivers, one answers 500 to everything and one never answers (the down phase). */
const FAILING = everyone[0]!;
const HANGING = everyone[1]!;
const HEALTHY = everyone.filter((deelnemer) => deelnemer !== FAILING && deelnemer !== HANGING);
/**
 * The test phase's participants, registered as the others are: three contractors and two grid
 * operators get a test configuration of both flows and a test client. The runs are for them in
 * turn (both sides play), the straight scenario of either flow in turn; the test load goes from
 * the first grid operator to the contractors.
 */
const TEST_AANNEMERS = nemers.slice(0, 3);
const TEST_NETBEHEERDERS = gevers.slice(0, 2);
const TEST_RUN_FOR = [nemers[0]!, gevers[0]!, nemers[1]!, gevers[1]!, nemers[2]!];
const TEST_SCENARIOS = ['aansluiting-gereed', 'hoofdnet-gereed'];
/**
 * Both drains of the test phase wait this long before they start (after the vacuum); the test side
 * gets going in it, and what it costs on its own is read there.
 */
const TEST_LEAD_MS = Number(values['test-lead']);
/**
 * A checkpoint before each drain that another is compared with, so that none of them has one
 * under way and each starts writing whole pages anew after it (scripts/bench.sh keeps the server
 * from checkpointing on its own meanwhile). PostgreSQL only; a server where the bench's user may
 * not (it needs pg_checkpoint or the superuser) drains without, said once.
 */
let mayCheckpoint = true;
async function checkpoint(platform: Platform) {
  if (platform.config.database.kind !== 'postgres' || !mayCheckpoint) return;
  try {
    await platform.app.db.execute(sql`checkpoint`);
  } catch (error) {
    mayCheckpoint = false;
    console.warn(`No checkpoint before the drains (${error instanceof Error ? error.message : String(error)}).`);
  }
}
const toReceivers = (prefix: string, receivers: readonly string[], count: number): BenchOrder[] =>
  Array.from({ length: count }, (_, i) => ({
    opdrachtId: `${prefix}-${i}`,
    opdrachtgever: 'Bench_Afzender',
    opdrachtnemer: receivers[i % receivers.length]!,
  }));

async function benchDatabase(database: DatabaseKind, participants: Participants): Promise<Result> {
  // Alerts are evaluated every 10 s and a receiver that delivers nothing for a minute is down: the
  // down phase waits for them.
  const platform = await startPlatform(
    database,
    serverUrl,
    { ALERT_SILENCE_MINUTES: '1', ALERT_CHECK_SECONDS: '10' },
    database === 'postgres' ? WORKERS : 0,
  );
  try {
    await registerParticipants(platform, {
      ...Object.fromEntries(gevers.map((name) => [name, 'Netbeheerder' as const])),
      ...Object.fromEntries(nemers.map((name) => [name, 'Aannemer' as const])),
    });
    await seedReceivers(platform, everyone, participants.origin);
    const tokens = await systemTokens(platform, everyone);
    const result: Result = { database, checks: [], rounds: [] };
    const check = async (phase: Result['checks'][number]['phase']) =>
      result.checks.push({ phase, stats: await participants.call<ReceiverStats>({ cmd: 'stats' }) });
    // Watch the receiver (not the database, which the poll would slow down — PGlite has one
    // connection) until every message arrived, then confirm the worker recorded them all.
    const delivered = async (expected: number) => {
      const until = Date.now() + 600_000;
      while ((await participants.call<ReceiverStats>({ cmd: 'stats' })).unique < expected) {
        if (Date.now() > until) throw new Error(`fewer than ${expected} messages arrived in time`);
        await pause(10);
      }
      await waitDrained(platform, 60_000, 5);
    };
    // Every order's messages through the participants' API, by the participants' systems.
    const submit = async (prefix: string, orders: number, concurrency = 128) => {
      const submitted = await participants.call<SubmitResult>({
        cmd: 'submit',
        api: platform.origin,
        tokens,
        orders: ordersOf(prefix, orders),
        concurrency,
      });
      if (submitted.failed > 0) throw new Error(`${submitted.failed} orders failed to submit: ${submitted.firstError}`);
      return submitted;
    };
    /** The test phase's test side, while it runs: its CPU is a group of its own. */
    let testSidePid: number | undefined;
    const postgresPort = database === 'postgres' && serverUrl ? Number(new URL(serverUrl).port || 5432) : undefined;
    const cpu = () =>
      cpuSnapshot({ participantsPid: participants.pid, workerPids: platform.workerPids, testSidePid, postgresPort });

    // Warm up: connections, tokens, JIT and the database's caches.
    await submit('WARM', 200, 32);
    await waitDrained(platform, 60_000);

    // Raw, drain and API→delivered in turn, --rounds times: each ratio is taken within its round
    // (the same minutes of the same host), and the figures are the medians over the rounds.
    const submitted = Math.round(MESSAGES / 4) * 4;
    for (let round = 1; round <= ROUNDS; round++) {
      const figures: Round = {};
      if (runs('raw')) {
        await participants.call({ cmd: 'reset' });
        const rawMs = await rawPosts(participants.origin, everyone, MESSAGES, RECEIVERS * MAX_MESSAGES);
        figures.raw = rate(MESSAGES, rawMs);
      }

      if (runs('drain')) {
        await participants.call({ cmd: 'reset' });
        await setSendersRunning(platform, false);
        const perOrder = PER_ORDER;
        await prefillOutbox(platform, ordersOf(`DRAIN${round}`, ORDERS), perOrder);
        const cpuBefore = cpu();
        const started = now();
        await setSendersRunning(platform, true);
        await delivered(perOrder * ORDERS);
        figures.drain = rate(perOrder * ORDERS, now() - started);
        result.drainCpu = cpuPerMessage(cpuBefore, cpu(), perOrder * ORDERS);
        await check('drain');
      }

      if (runs('api')) {
        await participants.call({ cmd: 'reset' });
        const cpuBefore = cpu();
        const { started } = await submit(`API${round}`, submitted / 4);
        await delivered(submitted);
        figures.api = rate(submitted, now() - started);
        result.apiCpu = cpuPerMessage(cpuBefore, cpu(), submitted);
        await check('API');
      }
      result.rounds.push(figures);
    }
    result.rawRate = medianOf(result.rounds.map((r) => r.raw));
    result.drainRate = medianOf(result.rounds.map((r) => r.drain));
    result.apiRate = medianOf(result.rounds.map((r) => r.api));

    if (runs('accept')) {
      await setSendersRunning(platform, false);
      const { submittedMs } = await submit('ACCEPT', submitted / 4);
      result.acceptRate = rate(submitted, submittedMs);
      await setSendersRunning(platform, true);
      await waitDrained(platform, 600_000);
    }

    if (runs('idle')) {
      await participants.call({ cmd: 'reset' });
      const latencies = await participants.call<number[]>({
        cmd: 'idle',
        api: platform.origin,
        token: tokens[gevers[0]!]!,
        order: { opdrachtgever: gevers[0]!, opdrachtnemer: nemers[0]! },
        count: IDLE_SAMPLES,
      });
      result.idleP50 = percentile(latencies, 50);
      result.idleP99 = percentile(latencies, 99);
    }

    // --beside messages to these receivers, prefilled with every sender paused, then drained (with
    // `during` started at the same moment, `beforeStart` awaited just before) until the last
    // arrived; senders paused again after. The arrivals are sampled at every poll (~10 ms apart)
    // for the arrival curve; it starts at { at: 0, unique: 0 }, which holds: the receiver was reset
    // and nothing was sent before.
    const drainTo = async (
      prefix: string,
      receivers: readonly string[],
      phase: Result['checks'][number]['phase'],
      during?: () => Promise<unknown>,
      beforeStart?: () => Promise<unknown>,
    ): Promise<Drain> => {
      await participants.call({ cmd: 'reset' });
      await prefillOutbox(platform, toReceivers(prefix, receivers, BESIDE_ORDERS), BESIDE_PER_ORDER);
      // Each drain starts on a vacuumed database, so that cleaning up after what ran before (the
      // last drain's delivered messages, a phase's setup) does not land in one drain and not in
      // the other it is compared with.
      await platform.app.db.execute(sql`vacuum analyze messages, order_heads`);
      await checkpoint(platform);
      await beforeStart?.();
      const samples: Sample[] = [{ at: 0, unique: 0, stolen: 0 }];
      const cpuBefore = cpu();
      const started = now();
      const stolenBefore = stolenMs();
      await setSendersRunning(platform, true);
      const alongside = during?.();
      const until = Date.now() + 600_000;
      const poll = async () => {
        const stats = await participants.call<ReceiverStats>({ cmd: 'stats' });
        const stolen = stolenMs();
        samples.push({
          at: now() - started,
          unique: arrivedAt(stats, receivers),
          stolen: stolen === undefined || stolenBefore === undefined ? 0 : stolen - stolenBefore,
        });
        return stats;
      };
      let stats = await poll();
      while (arrivedAt(stats, receivers) < BESIDE_MESSAGES) {
        if (Date.now() > until) throw new Error(`${phase}: fewer than ${BESIDE_MESSAGES} messages arrived in time`);
        await pause(10);
        stats = await poll();
      }
      const cpuAfter = cpu();
      await alongside;
      // The drain's receivers only: another (the limit phase's) may receive beside them.
      const drained = Object.entries(stats.perReceiver).filter(([name]) => receivers.includes(name));
      const ended = Math.max(...drained.map(([, { last }]) => last));
      const [deelnemer, slowest] = drained.sort(([, a], [, b]) => b.last - a.last)[0]!;
      result.checks.push({ phase, stats });
      await setSendersRunning(platform, false);
      return {
        rate: rate(BESIDE_MESSAGES, ended - started),
        slowest: { deelnemer, rate: rate(slowest.unique, slowest.last - started) },
        started,
        lastMs: ended - started,
        samples,
        cpu: { before: cpuBefore, after: cpuAfter },
      };
    };

    if (runs('test')) {
      // The same --beside messages to every receiver twice, each on a vacuumed database after the
      // same lead: alone, then beside the test side (started at the lead's beginning, so that its
      // runs and load go on before the drain starts and until it ended).
      await setSendersRunning(platform, false);
      const testSide = await startTestSide();
      testSidePid = testSide.pid;
      try {
        const beheer = (...roles: string[]) => portalToken(platform, 'Knooppunt_Beheer', [SUPER_ROLE, ...roles]);
        await testSide.call({
          cmd: 'setup',
          api: platform.origin,
          omgevingClaim: platform.config.oidc.claims.omgeving,
          tokens: {
            configs: await beheer('Opdrachtverstrekking Beheren'),
            clients: await beheer('Connectiviteit Beheren'),
            testtool: await beheer('Testtool Verzenden', 'Testtool Beheren'),
          },
          participants: [
            ...TEST_AANNEMERS.map((deelnemer) => ({ deelnemer, type: 'Aannemer' as const })),
            ...TEST_NETBEHEERDERS.map((deelnemer) => ({ deelnemer, type: 'Netbeheerder' as const })),
          ],
        });
        // The first drain of this size on a platform ran slower than the next: with the test side
        // idle (--test-runs 0 --test-load 0) on a quiet host the second drain made 0.99–1.06× of
        // the first, median 1.05× (four runs), which would count in the test side's favour. One
        // drain, not measured, first: then 0.95–1.06×, median 1.02× (four runs).
        await drainTo('TESTWARM', everyone, 'test warm-up');
        // Alone and beside in turn, --test-pairs times, the odd pairs alone first and the even
        // ones beside first: the host's drift over a run (the database grows by every drain)
        // falls on both sides alike.
        for (let pair = 1; pair <= TEST_PAIRS; pair++) {
          const drainAlone = () =>
            drainTo(`ALONE${pair}`, everyone, 'test alone', undefined, () => pause(TEST_LEAD_MS));
          const alone = pair % 2 === 1 ? await drainAlone() : undefined;
          let lead: TestPair['lead'] | undefined;
          const beside = await drainTo(`BESIDETEST${pair}`, everyone, 'beside test', undefined, async () => {
            const leadStarted = now();
            await testSide.call({
              cmd: 'start',
              runs: TEST_RUNS,
              scenarios: TEST_SCENARIOS,
              runFor: TEST_RUN_FOR,
              pollMs: TEST_POLL_MS,
              loadPerSecond: TEST_LOAD,
              loadFrom: TEST_NETBEHEERDERS[0]!,
              loadTo: TEST_AANNEMERS,
            });
            const before = cpu();
            const measured = now();
            await pause(TEST_LEAD_MS - (now() - leadStarted));
            lead = { before, after: cpu(), ms: now() - measured };
          });
          const [left] = await queryRows<{ n: number }>(
            platform.app.testDb,
            sql`select count(*)::int as n from messages where delivered_at is null`,
          );
          const side = await testSide.call<TestSideSummary>({
            cmd: 'stop',
            window: { from: beside.started, to: beside.started + beside.lastMs },
          });
          (result.test ??= []).push({
            alone: alone ?? (await drainAlone()),
            beside,
            side,
            testUndelivered: Number(left?.n ?? 0),
            lead: lead!,
          });
        }
      } finally {
        testSide.stop();
        testSidePid = undefined;
      }
    }

    if (runs('bulk')) {
      await setSendersRunning(platform, false);
      // The receiver's messages failed once and wait an hour for their next attempt, as after an
      // outage. One message per order: only an order's head (its oldest undelivered message) is
      // ever attempted, so the Uitval list of --bulk failed messages is --bulk orders with a failed
      // head, and the job reschedules that many heads. They are there in both drains, so that the
      // two differ by the job alone (the worker's alert checks read them, for one).
      await prefillOutbox(platform, toReceivers('BULK', [BULK_RECEIVER], BULK), 1);
      await platform.app.db.execute(
        sql`update messages set failed_attempts = 1, last_attempt = now(), next_attempt = now() + interval '1 hour',
              err = '{"msg":"HTTP 500","traceId":"bench"}'::jsonb
            where receiver = ${BULK_RECEIVER}`,
      );
      await platform.app.db.execute(
        sql`update order_heads set due = now() + interval '1 hour' where receiver = ${BULK_RECEIVER}`,
      );
      // Its sender stays paused in both: the job's work on the database is measured, not its deliveries.
      const pauseBulkReceiver = () =>
        platform.app.db.execute(sql`update senders set running = false where deelnemer = ${BULK_RECEIVER}`);
      const without = await drainTo('NOBULK', BESIDE_BULK, 'without bulk', pauseBulkReceiver);
      const token = await portalToken(platform, 'Knooppunt_Beheer', [SUPER_ROLE]);
      let job: Awaited<ReturnType<typeof bulkResend>> | undefined;
      const resend = async () => {
        await pauseBulkReceiver();
        job = await bulkResend(platform.origin, token, BULK_RECEIVER);
      };
      const beside = await drainTo('BESIDEBULK', BESIDE_BULK, 'beside bulk', resend);
      // The figure is the drain's rate while the job ran, so both drains must still be draining
      // when it finished: a drain that ended earlier would count its idle end as slowness (the one
      // beside) or leave the window's end unmeasured (the one without, which is usually faster).
      const window = { fromMs: job!.started - beside.started, toMs: job!.finished - beside.started };
      for (const [name, drain] of [
        ['beside', beside],
        ['without', without],
      ] as const) {
        if (drain.lastMs < window.toMs) {
          throw new Error(
            `bulk: the drain ${name} the job ended ${drain.lastMs.toFixed(0)} ms after its start, before the job ` +
              `finished (${window.toMs.toFixed(0)} ms): raise --beside (${BESIDE_MESSAGES} now)`,
          );
        }
      }
      result.bulk = {
        jobMs: job!.jobMs,
        rescheduled: job!.rescheduled,
        window,
        withoutRate: rateBetween(without.samples, window.fromMs, window.toMs),
        besideRate: rateBetween(beside.samples, window.fromMs, window.toMs),
        withoutStolen: stolenBetween(without.samples, window.fromMs, window.toMs),
        besideStolen: stolenBetween(beside.samples, window.fromMs, window.toMs),
        without,
        beside,
      };
      await platform.app.db.execute(sql`delete from order_heads where receiver = ${BULK_RECEIVER}`);
      await platform.app.db.execute(sql`delete from messages where receiver = ${BULK_RECEIVER}`);
    }

    if (runs('limit')) {
      // --limit-pairs times in turn: the drain to the others alone, then beside the limited
      // receiver's backlog (more than the limit lets through meanwhile), the limit set well before
      // the senders start (the workers read limits once a second). What is left of the backlog goes
      // after each pair, so that it does not drain beside the next drain or phase.
      result.limit = [];
      for (let pair = 1; pair <= LIMIT_PAIRS; pair++) {
        await setSendersRunning(platform, false);
        const without = await drainTo(`NOLIMIT${pair}`, BESIDE_LIMITED, 'without limit');
        await platform.app.db.execute(
          sql`update senders set max_per_second = ${LIMIT_PER_SECOND} where deelnemer = ${LIMITED_RECEIVER}`,
        );
        await prefillOutbox(platform, toReceivers(`LIMITED${pair}`, [LIMITED_RECEIVER], LIMITED_ORDERS), 2);
        await pause(1500);
        const beside = await drainTo(`LIMIT${pair}`, BESIDE_LIMITED, 'beside limit');
        const limited = result.checks.at(-1)!.stats.perReceiver[LIMITED_RECEIVER];
        if (!limited || limited.unique < 2) throw new Error(`limit: ${LIMITED_RECEIVER} received nothing`);
        result.limit.push({
          without,
          beside,
          limitedRate: rate(limited.unique - 1, limited.last - limited.first),
          limitedMessages: limited.unique,
        });
        await platform.app.db.execute(sql`update senders set max_per_second = 0 where deelnemer = ${LIMITED_RECEIVER}`);
        await platform.app.db.execute(sql`delete from order_heads where receiver = ${LIMITED_RECEIVER}`);
        await platform.app.db.execute(
          sql`delete from messages where receiver = ${LIMITED_RECEIVER} and delivered_at is null`,
        );
      }
    }

    if (runs('down')) {
      // The same --beside messages to the healthy receivers twice: first with everyone up, then
      // while the two others are down with a backlog each (ORDERS orders of PER_ORDER messages,
      // --messages in all). Measured until the last healthy message arrived.
      await setSendersRunning(platform, false);
      const healthy = await drainTo('UP', HEALTHY, 'healthy');
      await participants.call({ cmd: 'mode', deelnemer: FAILING, mode: 'fail' });
      await participants.call({ cmd: 'mode', deelnemer: HANGING, mode: 'hang' });
      await prefillOutbox(platform, toReceivers('FAILING', [FAILING], ORDERS), PER_ORDER);
      await prefillOutbox(platform, toReceivers('HANGING', [HANGING], ORDERS), PER_ORDER);
      const backlogged = now();
      const beside = await drainTo('BESIDE', HEALTHY, 'beside down');
      // Both down receivers get their alert (issue 22 item 2): failures after ALERT_FAILED_ATTEMPTS,
      // silence after ALERT_SILENCE_MINUTES (1 here) while their messages wait.
      await setSendersRunning(platform, true);
      const alerts = await waitForAlerts(platform, [FAILING, HANGING], 300_000);
      result.down = {
        healthy,
        beside,
        alerts: alerts.map(({ receiver, reason, opened }) => ({
          receiver,
          reason,
          afterMs: Date.parse(opened) - backlogged,
        })),
      };
      // Leave the backlogs undelivered: the platform and its database are thrown away next.
      await participants.call({ cmd: 'mode', deelnemer: HANGING, mode: 'ok' });
      await participants.call({ cmd: 'mode', deelnemer: FAILING, mode: 'ok' });
    }
    return result;
  } finally {
    await platform.close();
  }
}

const databases: DatabaseKind[] = (['pglite', 'postgres'] as const).filter(
  (kind) => (!values.only || values.only === kind) && (kind === 'pglite' || serverUrl),
);
if (databases.length === 0) {
  console.error('No database to run on: --only postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  process.exit(2);
}
console.log(
  `Delivery benchmark: ${MESSAGES} messages, ${RECEIVERS} receivers (at most ${MAX_MESSAGES} in flight each), ` +
    `${ORDERS} orders` +
    (runs('bulk') || runs('down') || runs('test')
      ? `, ${BESIDE_MESSAGES} in each drain of the bulk, down and test phases`
      : '') +
    `; databases: ${databases.join(', ')}${serverUrl ? '' : ' (no PostgreSQL: set BENCH_DATABASE_URL)'}` +
    (WORKERS > 0 ? `; on PostgreSQL the API in one process and ${WORKERS} worker process(es) delivering` : ''),
);
const participants = await startParticipants();
const results: Result[] = [];
try {
  for (const database of databases) {
    console.log(`\n${database}: running…`);
    results.push(await benchDatabase(database, participants));
  }
} finally {
  participants.stop();
}

const NOT_RUN = '—';
const ms = (value?: number) => (value === undefined ? NOT_RUN : `${value.toFixed(1)} ms`);
const perSecond = (value?: number) => (value === undefined ? NOT_RUN : `${Math.round(value).toLocaleString('en')}/s`);
const ratio = (value?: number, base?: number) =>
  value === undefined || base === undefined ? NOT_RUN : `${(value / base).toFixed(2)}×`;
const ratioOf = (value?: number) => (value === undefined ? NOT_RUN : `${value.toFixed(2)}×`);
console.log(
  '\n' +
    table([
      [
        'database',
        'raw undici',
        'drain',
        'drain/raw',
        'API→delivered',
        'API/raw',
        'accept only',
        'idle p50',
        'idle p99',
        'drain alone',
        'beside test',
        'beside/alone',
      ],
      ...results.map((r) => [
        r.database,
        perSecond(r.rawRate),
        perSecond(r.drainRate),
        ratioOf(roundRatios(r.rounds, 'drain').median),
        perSecond(r.apiRate),
        ratioOf(roundRatios(r.rounds, 'api').median),
        perSecond(r.acceptRate),
        ms(r.idleP50),
        ms(r.idleP99),
        perSecond(r.test && testRates(r.test).alone),
        perSecond(r.test && testRates(r.test).beside),
        ratio(r.test && testRates(r.test).beside, r.test && testRates(r.test).alone),
      ]),
    ]),
);
if (ROUNDS > 1 && results.some((r) => r.rounds.some((round) => Object.keys(round).length > 0))) {
  const each = (values: number[]) => values.map((value) => `${value.toFixed(2)}×`).join(', ');
  console.log(
    `\nRaw, drain and API→delivered ran ${ROUNDS} times in turn; the rates are medians, each ratio the median of its rounds' ratios ` +
      `(targets, issue 30 item 6: drain ≥ 0.6× raw, API→delivered ≥ 0.3× raw):\n` +
      table([
        ['database', 'raw per round', 'drain/raw per round', 'API/raw per round'],
        ...results.map((r) => [
          r.database,
          r.rounds.map((round) => perSecond(round.raw)).join(', '),
          each(roundRatios(r.rounds, 'drain').each),
          each(roundRatios(r.rounds, 'api').each),
        ]),
      ]),
  );
}
const bulkRuns = results.filter((r) => r.bulk);
if (bulkRuns.length > 0) {
  const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
  console.log(
    `\nBulk phase: one 'Alles opnieuw versturen' job for ${BULK.toLocaleString('en')} failed messages of ${BULK_RECEIVER} ` +
      `(each its order's head) while ${BESIDE_MESSAGES.toLocaleString('en')} messages to ${BESIDE_BULK.length} other receivers drain; ` +
      `the drains' rates while the job ran (the window, from the drain's start), the one without it over the same window;\n` +
      `targets: the job within 10 s, the drain beside it ≥ 0.80× of the drain without it. For information the whole drains' rates, and\n` +
      `the CPU the host took from this machine (steal) in the window of each: a drain that lost more of it ran slower for that:\n` +
      table([
        [
          'database',
          'job',
          'made due',
          'window',
          'drain without',
          'drain beside the job',
          'beside/without',
          'whole drain without',
          'whole drain beside',
          'host steal without / beside',
        ],
        ...bulkRuns.map(({ database, bulk }) => [
          database,
          ms(bulk!.jobMs),
          bulk!.rescheduled.toLocaleString('en'),
          `${seconds(bulk!.window.fromMs)}–${seconds(bulk!.window.toMs)}`,
          perSecond(bulk!.withoutRate),
          perSecond(bulk!.besideRate),
          ratio(bulk!.besideRate, bulk!.withoutRate),
          perSecond(bulk!.without.rate),
          perSecond(bulk!.beside.rate),
          `${bulk!.withoutStolen.toFixed(2)} / ${bulk!.besideStolen.toFixed(2)} cores`,
        ]),
      ]),
  );
}
const limitRuns = results.filter((r) => r.limit);
if (limitRuns.length > 0) {
  const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  console.log(
    `\nLimit phase: ${BESIDE_MESSAGES.toLocaleString('en')} messages to ${BESIDE_LIMITED.length} receivers drained alone, then beside ` +
      `${LIMITED_RECEIVER} with a backlog and a limit of ${LIMIT_PER_SECOND} messages a second, ${LIMIT_PAIRS} pair(s) in turn;\n` +
      `targets: the limited receiver ${LIMIT_PER_SECOND}/s ± 10 % (first to last arrival in each drain beside it), the others ≥ 0.95× ` +
      `beside it (the ratio of the pairs' mean rates):\n` +
      table([
        ['database', 'others alone', 'others beside', 'beside/alone', 'per pair', 'limited receiver per pair'],
        ...limitRuns.map(({ database, limit }) => {
          const alone = mean(limit!.map((pair) => pair.without.rate));
          const beside = mean(limit!.map((pair) => pair.beside.rate));
          return [
            database,
            perSecond(alone),
            perSecond(beside),
            ratio(beside, alone),
            limit!.map((pair) => ratio(pair.beside.rate, pair.without.rate)).join(', '),
            limit!.map((pair) => `${pair.limitedRate.toFixed(2)}/s (${pair.limitedMessages})`).join(', '),
          ];
        }),
      ]),
  );
}
const downRuns = results.filter((r) => r.down);
if (downRuns.length > 0) {
  const slowest = ({ slowest }: Drain) => `${perSecond(slowest.rate)} (${slowest.deelnemer})`;
  console.log(
    `\nDown phase: ${BESIDE_MESSAGES.toLocaleString('en')} messages to ${HEALTHY.length} healthy receivers drained with everyone up, ` +
      `then while ${FAILING} answers 500 and ${HANGING} never answers (${ORDERS.toLocaleString('en')} orders, ` +
      `${(ORDERS * PER_ORDER).toLocaleString('en')} messages of backlog each); ` +
      `target ≥ 0.80× and no receiver starved:\n` +
      table([
        ['database', 'healthy, all up', 'slowest', 'healthy, 2 down', 'slowest', 'down/up', 'alerts (after backlog)'],
        ...downRuns.map((r) => [
          r.database,
          perSecond(r.down!.healthy.rate),
          slowest(r.down!.healthy),
          perSecond(r.down!.beside.rate),
          slowest(r.down!.beside),
          ratio(r.down!.beside.rate, r.down!.healthy.rate),
          r
            .down!.alerts.map(
              ({ receiver, reason, afterMs }) => `${receiver} ${reason} ${(afterMs / 1000).toFixed(0)} s`,
            )
            .join(', '),
        ]),
      ]),
  );
}
const testPhases = results.filter((r) => r.test);
if (testPhases.length > 0) {
  const steal = (drain: Drain) => stolenBetween(drain.samples, 0, drain.lastMs).toFixed(2);
  console.log(
    `\nTest phase: ${BESIDE_MESSAGES.toLocaleString('en')} messages to ${everyone.length} receivers drained alone, then beside ` +
      `${TEST_RUNS} conformance runs (${TEST_SCENARIOS.join(' and ')} in turn, for ${TEST_RUN_FOR.join(', ')}; each ` +
      `played by its participant's test system, acting on its test callbacks; it reads its run every ` +
      `${TEST_POLL_MS} ms while a step moves, else every ${PLAYER_IDLE_MS} ms) and a test ` +
      `load of ${TEST_LOAD} messages/s (a new order's Opdracht from ${TEST_NETBEHEERDERS[0]}'s test system to ` +
      `${TEST_AANNEMERS.join(', ')}), the two in turn ${TEST_PAIRS} times;\ntarget beside/alone ≥ 0.95× (mean rates over ` +
      `the pairs; each pair's own below). While the drain beside the test side ran: the runs under ` +
      `way (fewest / on average / most), the runs that ended (passed, failed), the test messages sent (accepted, accept ` +
      `p50 / p99), the test callbacks\nthe test systems answered, the test messages undelivered at its end; and the cores the ` +
      `host took from this machine (steal) in each drain:\n` +
      table([
        [
          'database',
          'pair',
          'drain alone',
          'beside test',
          'beside/alone',
          'runs under way',
          'runs ended',
          'test messages',
          'accept p50 / p99',
          'test callbacks',
          'test undelivered',
          'host steal alone / beside',
        ],
        ...testPhases.flatMap(({ database, test }) => {
          const all = testRates(test!);
          return [
            ...test!.map((pair, index) => {
              const { window } = pair.side;
              return [
                database,
                String(index + 1),
                perSecond(pair.alone.rate),
                perSecond(pair.beside.rate),
                `${(pair.beside.rate / pair.alone.rate).toFixed(3)}×`,
                `${window.runsMin} / ${window.runsMean.toFixed(2)} / ${window.runsMax}`,
                `${window.passed} passed, ${window.failed} failed`,
                `${window.sent} (${window.accepted} accepted)`,
                `${ms(window.acceptP50)} / ${ms(window.acceptP99)}`,
                String(window.callbacks),
                String(pair.testUndelivered),
                `${steal(pair.alone)} / ${steal(pair.beside)} cores`,
              ];
            }),
            // Three places: the target is 0.95, and 0.947 is not it.
            [
              database,
              'all',
              perSecond(Math.round(all.alone)),
              perSecond(Math.round(all.beside)),
              `${all.ratio.toFixed(3)}×`,
            ],
          ];
        }),
      ]) +
      `\nCores used on average (of ${availableParallelism()} on this machine; other processes: whatever else ran on it ` +
      `meanwhile) in each drain, and by the test side on its own in the lead before the drain beside it:\n` +
      table([
        ['database', 'pair', 'while', 'platform', 'postgres', 'participants', 'test side', 'other processes'],
        ...testPhases.flatMap(({ database, test }) =>
          test!.flatMap(({ alone, beside, lead }, index) => {
            const spans: [string, CpuSnapshot, CpuSnapshot, number][] = [
              ['drain alone', alone.cpu.before, alone.cpu.after, alone.lastMs],
              ['drain beside test', beside.cpu.before, beside.cpu.after, beside.lastMs],
              ['test side alone (the lead)', lead.before, lead.after, lead.ms],
            ];
            return spans.map(([name, before, after, spanMs]) => {
              const cores = cpuCores(before, after, spanMs);
              return [
                database,
                String(index + 1),
                name,
                cores.platform,
                cores.postgres,
                cores.participants,
                cores.testSide,
                cores.others,
              ];
            });
          }),
        ),
      ]),
  );
  for (const { database, test } of testPhases) {
    for (const [index, { side }] of test!.entries()) {
      const { total } = side;
      console.log(
        `${database} test side in pair ${index + 1}: ${total.runsStarted} runs started, ${total.passed} passed, ${total.failed} failed, ` +
          `${total.stopped} stopped at the end; ${total.sent} test messages sent, ${total.refused} refused; ` +
          `${total.answersRefused} run answers refused` +
          [total.firstFailure, total.firstRefusal, total.firstAnswerRefusal]
            .filter(Boolean)
            .map((text) => `\n  first: ${text}`)
            .join(''),
      );
    }
  }
}
const drainCpu = (drain?: Drain) => drain && cpuPerMessage(drain.cpu.before, drain.cpu.after, BESIDE_MESSAGES);
console.log(
  '\nCPU per delivered message (PostgreSQL counted when its server runs on this machine; on PGlite\n' +
    'the database runs inside the platform process):\n' +
    table([
      ['database', 'phase', 'platform', 'postgres', 'participants', 'test side'],
      ...results.flatMap((r) =>
        (
          [
            ['drain', r.drainCpu],
            ['API→delivered', r.apiCpu],
            ['drain alone (test phase, pair 1)', drainCpu(r.test?.[0]?.alone)],
            ['drain beside test (pair 1)', drainCpu(r.test?.[0]?.beside)],
          ] as const
        ).flatMap(([phase, cpu]) =>
          cpu ? [[r.database, phase, cpu.platform, cpu.postgres, cpu.participants, cpu.testSide]] : [],
        ),
      ),
    ]),
);
let ok = true;
for (const r of results) {
  for (const { phase, stats } of r.checks) {
    const problems = [
      stats.fifoViolations > 0 && `${stats.fifoViolations} out of order`,
      stats.maxOpenPerReceiver > MAX_MESSAGES && `${stats.maxOpenPerReceiver} in flight at one receiver`,
    ].filter(Boolean);
    if (problems.length) {
      ok = false;
      console.log(`${r.database} ${phase}: ${problems.join(', ')}`);
    }
    console.log(
      `${r.database} ${phase}: ${stats.unique} delivered (${stats.duplicates} twice), ` +
        `max ${stats.maxOpenPerReceiver} in flight per receiver`,
    );
  }
}
console.log(ok ? '\nFIFO per order and maxMessages held in every run.' : '\nCHECKS FAILED');
process.exitCode = ok ? 0 : 1;
