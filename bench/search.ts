/**
 * npm run bench:search — the monitoring lists at scale (issue 5, decision 0010).
 *
 * Per database (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server —
 * `npm run bench:search` starts a throwaway one — and PGlite in a temporary folder): seeds the
 * large seed of `npm run seed:large`, starts the whole app in-process (API role) on 127.0.0.1 and
 * sends each list's default request and each single filter (bench/search/cases.ts) over HTTP, and
 * an order's history (GET /rest/opdrachten/{id}/historie, decision 0059).
 * Beside each, the same SQL bare: the statements the API ran, captured at the driver during one
 * call, re-executed on the raw client in the same process. Calls and bare runs alternate, so
 * both see the same machine. Prints p50/p95 of both and the ratio API p50 / bare p50.
 * Exits non-zero when on PostgreSQL a list's API p95 exceeds 50 ms or its ratio 1.5 (the Overzicht:
 * p95 only; its counters are seeded for every minute of 24 hours, every participant and flow).
 * Options: --messages N, --opdrachten N, --leveringen N, --audit N (the seed; default the full size),
 * --runs N (50), --warmup N (5), --only pglite|postgres, --list TEXT (only the cases whose 'list, variant'
 * holds TEXT), --show-sql (print each list's SQL).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { USERS, caseValues, searchCases, type SearchCase, type UserKey } from './search/cases';
import { captureSql, describeSql, rawClientOf, replaySql, statementCount } from './search/capture';
import { portalToken, startSearchApp, type DatabaseKind } from './search/platform';
import { FULL_SIZES, seedLarge, seedOverzicht, validSizes, type SeedSizes } from './search/seed';
import { percentile, table } from './lib/stats';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: String(FULL_SIZES.messages) },
    opdrachten: { type: 'string', default: String(FULL_SIZES.opdrachten) },
    leveringen: { type: 'string', default: String(FULL_SIZES.leveringen) },
    audit: { type: 'string', default: String(FULL_SIZES.audit) },
    runs: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    only: { type: 'string' },
    list: { type: 'string' },
    'show-sql': { type: 'boolean', default: false },
  },
});
const SIZES: SeedSizes = validSizes({
  messages: Number(values.messages),
  opdrachten: Number(values.opdrachten),
  leveringen: Number(values.leveringen),
  audit: Number(values.audit),
});
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const P95_TARGET_MS = 50;
const RATIO_TARGET = 1.5;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Measured {
  c: SearchCase;
  shown: string;
  statements: number;
  api: number[];
  bare: number[];
  /** CPU time of this process per call, ms: unlike wall time, hardly stretched by a busy machine. */
  apiCpu: number[];
  bareCpu: number[];
}

/** Wall and CPU milliseconds of one run. */
const timed = async (run: () => Promise<unknown>) => {
  const [started, cpu] = [performance.now(), process.cpuUsage()];
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
};
const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;

async function benchDatabase(kind: DatabaseKind): Promise<Measured[]> {
  const platform = await startSearchApp(kind, serverUrl);
  const http = new Client(platform.origin);
  try {
    console.log(`\n${kind}: seeding ${describeSizes(SIZES)} (${load()})`);
    const seeded = await seedLarge(platform.app.db, SIZES, (line) => console.log(`  ${line}`));
    await seedOverzicht(platform.app.db, (line) => console.log(`  ${line}`));
    console.log(
      `  seeded in ${seeded.seconds.toFixed(0)} s: ${seeded.undelivered.toLocaleString('en')} undelivered, ` +
        `${seeded.inError.toLocaleString('en')} orders in error`,
    );
    const tokens = {} as Record<UserKey, string>;
    for (const [key, user] of Object.entries(USERS) as [UserKey, (typeof USERS)[UserKey]][]) {
      tokens[key] = await portalToken(platform, user.deelnemer, user.roles);
    }
    const raw = rawClientOf(platform.app);
    const callOf = (c: SearchCase) => async () => {
      const response = await http.request(
        c.method === 'GET'
          ? { path: c.path, method: 'GET', headers: { authorization: `Bearer ${tokens[c.user]}` } }
          : {
              path: c.path,
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[c.user]}` },
              body: JSON.stringify(c.body),
            },
      );
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${c.list}, ${c.variant}: HTTP ${response.statusCode} ${text}`);
      return text;
    };
    const cases = searchCases(await caseValues(platform.app.db)).filter(
      (c) => values.list === undefined || `${c.list}, ${c.variant}`.includes(values.list),
    );
    // The orders past a deadline as the lists filter them, from the seeded deadlines (decision 0063).
    await platform.app.lateOrders.refresh();
    // A pass over every request first, so that compiling the app's code weighs on no one request.
    for (let pass = 0; pass < 3; pass++) for (const c of cases) await callOf(c)();
    const results: Measured[] = [];
    for (const c of cases) {
      const call = callOf(c);
      const page = JSON.parse(await call()) as {
        items?: unknown[];
        count?: number;
        countIsLowerBound?: boolean;
        entries?: unknown[];
        berichten?: unknown[];
        leveringen?: unknown[];
        acties?: unknown[];
      };
      const captured = await captureSql(raw, call);
      if (values['show-sql']) console.log(`${c.list}, ${c.variant}:\n${describeSql(captured)}`);
      const result: Measured = {
        c,
        shown: page.entries
          ? `${page.entries.length} receivers`
          : page.berichten
            ? `${page.berichten.length} msg, ${page.leveringen?.length} lev, ${page.acties?.length} act`
            : `${page.items?.length} of ${page.countIsLowerBound ? '>' : ''}${page.count}`,
        statements: statementCount(captured),
        api: [],
        bare: [],
        apiCpu: [],
        bareCpu: [],
      };
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const api = await timed(call);
        const bare = await timed(() => replaySql(raw, captured));
        if (i >= WARMUP) {
          result.api.push(api.wall);
          result.bare.push(bare.wall);
          result.apiCpu.push(api.cpu);
          result.bareCpu.push(bare.cpu);
        }
      }
      results.push(result);
      process.stdout.write('.');
    }
    process.stdout.write(`\n${kind}: measured (${load()})\n`);
    return results;
  } finally {
    await http.close();
    await platform.close();
  }
}

const describeSizes = (sizes: SeedSizes) =>
  `${sizes.messages.toLocaleString('en')} messages, ${sizes.opdrachten.toLocaleString('en')} opdrachten, ` +
  `${sizes.leveringen.toLocaleString('en')} leveringen, ${sizes.audit.toLocaleString('en')} audit entries`;
const ms = (value: number) => value.toFixed(2);
const p50 = (values: number[]) => percentile(values, 50);
const p95 = (values: number[]) => percentile(values, 95);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The misses of one result against the PostgreSQL targets. */
function misses(result: Measured): string[] {
  const found: string[] = [];
  if (p95(result.api) > P95_TARGET_MS) found.push(`p95 > ${P95_TARGET_MS} ms`);
  if (result.c.ratioTarget !== false && p50(result.api) / p50(result.bare) > RATIO_TARGET) {
    found.push(`ratio > ${RATIO_TARGET}`);
  }
  return found;
}

function report(kind: DatabaseKind, results: Measured[]): string[] {
  const header = [
    'list',
    'request',
    'rows',
    'sql',
    'API p50',
    'API p95',
    'bare p50',
    'bare p95',
    'ratio',
    'cpu API/bare',
  ];
  const rows = results.map((r) => [
    r.c.list,
    r.c.variant,
    r.shown,
    r.statements,
    ms(p50(r.api)),
    ms(p95(r.api)),
    ms(p50(r.bare)),
    ms(p95(r.bare)),
    (p50(r.api) / p50(r.bare)).toFixed(2),
    `${ms(mean(r.apiCpu))}/${ms(mean(r.bareCpu))}`,
    ...(kind === 'postgres' ? [misses(r).join(', ') || 'ok'] : []),
  ]);
  console.log(`\n${kind}, ${describeSizes(SIZES)}; ${RUNS} runs each after ${WARMUP} warm-up; times in ms`);
  console.log(table([kind === 'postgres' ? [...header, 'target'] : header, ...rows]));
  if (kind !== 'postgres') return [];
  return results.flatMap((r) => misses(r).map((miss) => `${r.c.list}, ${r.c.variant}: ${miss}`));
}

const kinds: DatabaseKind[] =
  values.only === 'pglite' || values.only === 'postgres' ? [values.only] : ['postgres', 'pglite'];
if (values.only !== undefined && kinds.length === 2) throw new Error('--only is pglite or postgres');
const failures: string[] = [];
for (const kind of kinds) {
  if (kind === 'postgres' && !serverUrl) {
    console.log('\npostgres: skipped — no BENCH_DATABASE_URL or TEST_DATABASE_URL (npm run bench:search starts one)');
    continue;
  }
  failures.push(...report(kind, await benchDatabase(kind)));
}
console.log(
  '\nrows: items of the page and the count (>10000: capped, countIsLowerBound). sql: statements per call.\n' +
    'ratio = API p50 / bare p50: what HTTP, the token check, validation, Drizzle and serialisation add to the\n' +
    'same SQL. cpu: mean CPU ms of this process per call (API, bare).',
);
if (failures.length > 0) {
  console.log(`\nMISSED on PostgreSQL (p95 under ${P95_TARGET_MS} ms, ratio under ${RATIO_TARGET}):`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exitCode = 1;
} else if (kinds.includes('postgres') && serverUrl) {
  console.log(`\nEvery list met the PostgreSQL targets (p95 under ${P95_TARGET_MS} ms, ratio under ${RATIO_TARGET}).`);
}
