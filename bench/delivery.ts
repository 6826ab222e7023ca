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
 *   idle     one message at a time on a quiet system: submit → arrival at the receiver.
 * Options: --messages N (20000), --receivers N (50), --orders N (5000), --only pglite|postgres.
 */
import { parseArgs } from 'node:util';
import type { BenchOrder, ReceiverStats, SubmitResult } from './lib/protocol';
import {
  MAX_MESSAGES,
  prefillOutbox,
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
  },
});
const MESSAGES = Number(values.messages);
const RECEIVERS = Number(values.receivers);
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

interface Result {
  database: DatabaseKind;
  rawRate: number;
  drainRate: number;
  apiRate: number;
  acceptRate: number;
  idleP50: number;
  idleP99: number;
  /** CPU per delivered message of each process group, while draining and while API→delivered ran. */
  drainCpu: Record<CpuGroup, string>;
  apiCpu: Record<CpuGroup, string>;
  checks: ReceiverStats[];
}

async function benchDatabase(database: DatabaseKind, participants: Participants): Promise<Result> {
  const platform = await startPlatform(database, serverUrl);
  try {
    await seedReceivers(platform, everyone, participants.origin);
    const tokens = await systemTokens(platform, everyone);
    const checks: ReceiverStats[] = [];
    const check = async () => checks.push(await participants.call<ReceiverStats>({ cmd: 'stats' }));
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

    // Warm up: connections, tokens, JIT and the database's caches.
    await participants.call({
      cmd: 'submit',
      api: platform.origin,
      tokens,
      orders: ordersOf('WARM', 200),
      concurrency: 32,
    });
    await waitDrained(platform, 60_000);

    await participants.call({ cmd: 'reset' });
    const rawMs = await rawPosts(participants.origin, everyone, MESSAGES, RECEIVERS * MAX_MESSAGES);

    await participants.call({ cmd: 'reset' });
    await setSendersRunning(platform, false);
    const perOrder = Math.max(1, Math.round(MESSAGES / ORDERS));
    await prefillOutbox(platform, ordersOf('DRAIN', ORDERS), perOrder);
    const drainCpuBefore = cpuSnapshot(participants.pid);
    const drainStarted = now();
    await setSendersRunning(platform, true);
    await delivered(perOrder * ORDERS);
    const drainMs = now() - drainStarted;
    const drainCpu = cpuPerMessage(drainCpuBefore, cpuSnapshot(participants.pid), perOrder * ORDERS);
    await check();

    await participants.call({ cmd: 'reset' });
    const apiCpuBefore = cpuSnapshot(participants.pid);
    const submit = await participants.call<SubmitResult>({
      cmd: 'submit',
      api: platform.origin,
      tokens,
      orders: ordersOf('API', Math.round(MESSAGES / 4)),
      concurrency: 128,
    });
    if (submit.failed > 0) throw new Error(`${submit.failed} orders failed to submit: ${submit.firstError}`);
    await delivered(Math.round(MESSAGES / 4) * 4);
    const apiMs = now() - submit.started;
    const apiCpu = cpuPerMessage(apiCpuBefore, cpuSnapshot(participants.pid), Math.round(MESSAGES / 4) * 4);
    await check();

    await setSendersRunning(platform, false);
    const accept = await participants.call<SubmitResult>({
      cmd: 'submit',
      api: platform.origin,
      tokens,
      orders: ordersOf('ACCEPT', Math.round(MESSAGES / 4)),
      concurrency: 128,
    });
    if (accept.failed > 0) throw new Error(`${accept.failed} orders failed to submit: ${accept.firstError}`);
    await setSendersRunning(platform, true);
    await waitDrained(platform, 600_000);

    await participants.call({ cmd: 'reset' });
    const latencies = await participants.call<number[]>({
      cmd: 'idle',
      api: platform.origin,
      token: tokens[gevers[0]!]!,
      order: { opdrachtgever: gevers[0]!, opdrachtnemer: nemers[0]! },
      count: IDLE_SAMPLES,
    });
    return {
      database,
      rawRate: rate(MESSAGES, rawMs),
      drainRate: rate(perOrder * ORDERS, drainMs),
      apiRate: rate(Math.round(MESSAGES / 4) * 4, apiMs),
      acceptRate: rate(Math.round(MESSAGES / 4) * 4, accept.submittedMs),
      idleP50: percentile(latencies, 50),
      idleP99: percentile(latencies, 99),
      drainCpu,
      apiCpu,
      checks,
    };
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
    `${ORDERS} orders; databases: ${databases.join(', ')}${serverUrl ? '' : ' (no PostgreSQL: set BENCH_DATABASE_URL)'}`,
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

const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (value: number) => `${value.toLocaleString('en')}/s`;
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
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
console.log(
  '\nCPU per delivered message (PostgreSQL counted when its server runs on this machine; on PGlite\n' +
    'the database runs inside the platform process):\n' +
    table([
      ['database', 'phase', 'platform', 'postgres', 'participants'],
      ...results.flatMap((r) => [
        [r.database, 'drain', r.drainCpu.platform, r.drainCpu.postgres, r.drainCpu.participants],
        [r.database, 'API→delivered', r.apiCpu.platform, r.apiCpu.postgres, r.apiCpu.participants],
      ]),
    ]),
);
let ok = true;
for (const r of results) {
  for (const c of r.checks) {
    const problems = [
      c.fifoViolations > 0 && `${c.fifoViolations} out of order`,
      c.maxOpenPerReceiver > MAX_MESSAGES && `${c.maxOpenPerReceiver} in flight at one receiver`,
    ].filter(Boolean);
    if (problems.length) {
      ok = false;
      console.log(`${r.database}: ${problems.join(', ')}`);
    }
  }
  const c = r.checks.map(
    (x) => `${x.unique} delivered (${x.duplicates} twice), max ${x.maxOpenPerReceiver} in flight per receiver`,
  );
  console.log(`${r.database}: drain ${c[0]}; API ${c[1]}`);
}
console.log(ok ? '\nFIFO per order and maxMessages held in every run.' : '\nCHECKS FAILED');
process.exitCode = ok ? 0 : 1;
