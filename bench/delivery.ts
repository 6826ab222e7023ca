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
 *   down     fairness while receivers are down (issue 22 item 6): N messages to the other receivers
 *            drained with all receivers healthy, then again while one receiver answers 500 to
 *            everything and one never answers (until the platform's timeout), each with a backlog
 *            of N messages: the healthy ones' rate against the first, and the slowest receiver's.
 * Options: --messages N (20000), --receivers N (50), --orders N (5000), --only pglite|postgres,
 * --phases raw,drain,api,accept,idle,down (all by default; a phase left out prints as '—'),
 * --workers N (PostgreSQL only: the API in this process, N delivery worker processes beside it,
 * as a deployment with ROLE=api and ROLE=worker runs; 0 by default: one process, as npm start).
 */
import { parseArgs } from 'node:util';
import type { BenchOrder, ReceiverStats, SubmitResult } from './lib/protocol';
import {
  MAX_MESSAGES,
  prefillOutbox,
  registerParticipants,
  seedReceivers,
  setSendersRunning,
  startPlatform,
  systemTokens,
  waitDrained,
  type DatabaseKind,
} from './lib/platform';
import { cpuPerMessage, cpuSnapshot, type CpuGroup } from './lib/cpu';
import { startParticipants, type Participants } from './lib/participants-client';
import { rawPosts } from './lib/raw';
import { now, pause, percentile, rate, table } from './lib/stats';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    receivers: { type: 'string', default: '50' },
    orders: { type: 'string', default: '5000' },
    only: { type: 'string' },
    phases: { type: 'string', default: 'raw,drain,api,accept,idle,down' },
    workers: { type: 'string', default: '0' },
  },
});
const PHASES = ['raw', 'drain', 'api', 'accept', 'idle', 'down'] as const;
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

/** A phase not run leaves its figures out. */
interface Result {
  database: DatabaseKind;
  rawRate?: number;
  drainRate?: number;
  apiRate?: number;
  acceptRate?: number;
  idleP50?: number;
  idleP99?: number;
  /** CPU per delivered message of each process group, while draining and while API→delivered ran. */
  drainCpu?: Record<CpuGroup, string>;
  apiCpu?: Record<CpuGroup, string>;
  /** The down phase: the healthy receivers' drain with everyone up, then beside the two down. */
  down?: { healthy: Drain; beside: Drain };
  /** What the receiver saw in the drain, in API→delivered and in the down phase's two drains. */
  checks: { phase: 'drain' | 'API' | 'healthy' | 'beside down'; stats: ReceiverStats }[];
}

/** A drain to several receivers: its rate, and the rate of the receiver that finished last. */
interface Drain {
  rate: number;
  slowest: { deelnemer: string; rate: number };
}

/** Of the receivers, one answers 500 to everything and one never answers (the down phase). */
const FAILING = everyone[0]!;
const HANGING = everyone[1]!;
const HEALTHY = everyone.filter((deelnemer) => deelnemer !== FAILING && deelnemer !== HANGING);
const toReceivers = (prefix: string, receivers: readonly string[], count: number): BenchOrder[] =>
  Array.from({ length: count }, (_, i) => ({
    opdrachtId: `${prefix}-${i}`,
    opdrachtgever: 'Bench_Afzender',
    opdrachtnemer: receivers[i % receivers.length]!,
  }));

async function benchDatabase(database: DatabaseKind, participants: Participants): Promise<Result> {
  const platform = await startPlatform(database, serverUrl, {}, database === 'postgres' ? WORKERS : 0);
  try {
    await registerParticipants(platform, {
      ...Object.fromEntries(gevers.map((name) => [name, 'Netbeheerder' as const])),
      ...Object.fromEntries(nemers.map((name) => [name, 'Aannemer' as const])),
    });
    await seedReceivers(platform, everyone, participants.origin);
    const tokens = await systemTokens(platform, everyone);
    const result: Result = { database, checks: [] };
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
    const cpu = () => cpuSnapshot(participants.pid, platform.workerPids);

    // Warm up: connections, tokens, JIT and the database's caches.
    await submit('WARM', 200, 32);
    await waitDrained(platform, 60_000);

    if (runs('raw')) {
      await participants.call({ cmd: 'reset' });
      const rawMs = await rawPosts(participants.origin, everyone, MESSAGES, RECEIVERS * MAX_MESSAGES);
      result.rawRate = rate(MESSAGES, rawMs);
    }

    if (runs('drain')) {
      await participants.call({ cmd: 'reset' });
      await setSendersRunning(platform, false);
      const perOrder = Math.max(1, Math.round(MESSAGES / ORDERS));
      await prefillOutbox(platform, ordersOf('DRAIN', ORDERS), perOrder);
      const cpuBefore = cpu();
      const started = now();
      await setSendersRunning(platform, true);
      await delivered(perOrder * ORDERS);
      result.drainRate = rate(perOrder * ORDERS, now() - started);
      result.drainCpu = cpuPerMessage(cpuBefore, cpu(), perOrder * ORDERS);
      await check('drain');
    }

    const submitted = Math.round(MESSAGES / 4) * 4;
    if (runs('api')) {
      await participants.call({ cmd: 'reset' });
      const cpuBefore = cpu();
      const { started } = await submit('API', submitted / 4);
      await delivered(submitted);
      result.apiRate = rate(submitted, now() - started);
      result.apiCpu = cpuPerMessage(cpuBefore, cpu(), submitted);
      await check('API');
    }

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

    if (runs('down')) {
      // The same messages to the healthy receivers twice: first with everyone up, then while the
      // two others are down with a backlog each. Measured until the last healthy message arrived.
      const perOrder = Math.max(1, Math.round(MESSAGES / ORDERS));
      const drainHealthy = async (prefix: string, phase: 'healthy' | 'beside down'): Promise<Drain> => {
        await participants.call({ cmd: 'reset' });
        await prefillOutbox(platform, toReceivers(prefix, HEALTHY, ORDERS), perOrder);
        const started = now();
        await setSendersRunning(platform, true);
        const until = Date.now() + 600_000;
        let stats = await participants.call<ReceiverStats>({ cmd: 'stats' });
        while (stats.unique < perOrder * ORDERS) {
          if (Date.now() > until) throw new Error(`${phase}: fewer than ${perOrder * ORDERS} messages arrived in time`);
          await pause(10);
          stats = await participants.call<ReceiverStats>({ cmd: 'stats' });
        }
        const ended = Math.max(...Object.values(stats.perReceiver).map(({ last }) => last));
        const [deelnemer, slowest] = Object.entries(stats.perReceiver).sort(([, a], [, b]) => b.last - a.last)[0]!;
        result.checks.push({ phase, stats });
        await setSendersRunning(platform, false);
        return {
          rate: rate(perOrder * ORDERS, ended - started),
          slowest: { deelnemer, rate: rate(slowest.unique, slowest.last - started) },
        };
      };
      await setSendersRunning(platform, false);
      const healthy = await drainHealthy('UP', 'healthy');
      await participants.call({ cmd: 'mode', deelnemer: FAILING, mode: 'fail' });
      await participants.call({ cmd: 'mode', deelnemer: HANGING, mode: 'hang' });
      await prefillOutbox(platform, toReceivers('FAILING', [FAILING], ORDERS), perOrder);
      await prefillOutbox(platform, toReceivers('HANGING', [HANGING], ORDERS), perOrder);
      const beside = await drainHealthy('BESIDE', 'beside down');
      result.down = { healthy, beside };
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
    `${ORDERS} orders; databases: ${databases.join(', ')}${serverUrl ? '' : ' (no PostgreSQL: set BENCH_DATABASE_URL)'}` +
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
const perSecond = (value?: number) => (value === undefined ? NOT_RUN : `${value.toLocaleString('en')}/s`);
const ratio = (value?: number, base?: number) =>
  value === undefined || base === undefined ? NOT_RUN : `${(value / base).toFixed(2)}×`;
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
      ],
      ...results.map((r) => [
        r.database,
        perSecond(r.rawRate),
        perSecond(r.drainRate),
        ratio(r.drainRate, r.rawRate),
        perSecond(r.apiRate),
        ratio(r.apiRate, r.rawRate),
        perSecond(r.acceptRate),
        ms(r.idleP50),
        ms(r.idleP99),
      ]),
    ]),
);
const downRuns = results.filter((r) => r.down);
if (downRuns.length > 0) {
  const slowest = ({ slowest }: Drain) => `${perSecond(slowest.rate)} (${slowest.deelnemer})`;
  console.log(
    `\nDown phase: ${HEALTHY.length} healthy receivers drained with everyone up, then while ${FAILING} answers 500 ` +
      `and ${HANGING} never answers (${ORDERS.toLocaleString('en')} orders of backlog each); target ≥ 0.80× and no receiver starved:\n` +
      table([
        ['database', 'healthy, all up', 'slowest', 'healthy, 2 down', 'slowest', 'down/up'],
        ...downRuns.map((r) => [
          r.database,
          perSecond(r.down!.healthy.rate),
          slowest(r.down!.healthy),
          perSecond(r.down!.beside.rate),
          slowest(r.down!.beside),
          ratio(r.down!.beside.rate, r.down!.healthy.rate),
        ]),
      ]),
  );
}
console.log(
  '\nCPU per delivered message (PostgreSQL counted when its server runs on this machine; on PGlite\n' +
    'the database runs inside the platform process):\n' +
    table([
      ['database', 'phase', 'platform', 'postgres', 'participants'],
      ...results.flatMap((r) =>
        (
          [
            ['drain', r.drainCpu],
            ['API→delivered', r.apiCpu],
          ] as const
        ).flatMap(([phase, cpu]) => (cpu ? [[r.database, phase, cpu.platform, cpu.postgres, cpu.participants]] : [])),
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
