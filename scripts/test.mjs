#!/usr/bin/env node
// `npm test`: every suite, in order, on this machine. Stops at once when a prerequisite is
// missing; never skips a suite. Each suite writes a JSON report that this script adds up into
// one closing line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { countsOf, failuresOf, reportsDir as reports } from './test-counts.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is needed for the browser tests and was not found at ${chromium}.\n` +
      `Install it (Debian: 'apt-get install chromium') or point CHROMIUM_PATH at it, then run 'npm test' again.`,
  );
  process.exit(1);
}

// The go-live acceptance test runs Knooppunt on a real PostgreSQL server (scripts/with-postgres.sh).
const postgres =
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql', { withFileTypes: true }).some((entry) =>
    existsSync(`/usr/lib/postgresql/${entry.name}/bin/initdb`),
  );
if (!postgres) {
  console.error(
    `A PostgreSQL server is needed for the go-live acceptance test and none was found under /usr/lib/postgresql.\n` +
      `Install it (Debian: 'apt-get install postgresql'; .ci/run does), then run 'npm test' again.`,
  );
  process.exit(1);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = (workspace, name) => ({
  name,
  command: [
    'npm',
    'test',
    '-w',
    workspace,
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${reports}/${name}.json`,
  ],
  report: 'vitest',
});

const steps = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'format', command: ['npm', 'run', 'format:check'] },
  { name: 'types', command: ['npm', 'run', 'typecheck'] },
  vitest('@knooppunt/domain', 'unit'),
  vitest('@knooppunt/server', 'server'),
  vitest('@knooppunt/web', 'web'),
  {
    name: 'browser',
    command: ['npm', 'test', '-w', '@knooppunt/e2e'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/browser.json` },
    report: 'playwright',
  },
  {
    // The expired-session test needs its own server with 30 s tokens; the portal was built by the browser step.
    name: 'session',
    command: ['npx', 'playwright', 'test', '-c', 'playwright.session.config.ts'],
    cwd: 'e2e',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/session.json` },
    report: 'playwright',
  },
  {
    // The portal was built by the browser step.
    name: 'golive',
    command: ['../scripts/with-postgres.sh', 'npx', 'playwright', 'test', '-c', 'playwright.golive.config.ts'],
    cwd: 'e2e',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/golive.json`, PGPORT_TEST: process.env.PGPORT_GOLIVE ?? '55433' },
    report: 'playwright',
  },
];

const results = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), {
    stdio: 'inherit',
    cwd: step.cwd,
    env: { ...process.env, ...step.env },
  });
  results.push({
    ...step,
    ok: run.status === 0,
    seconds: (Date.now() - started) / 1000,
    counts: step.report ? countsOf(`${reports}/${step.name}.json`) : undefined,
  });
}

let passed = 0;
let failed = 0;
console.log('\nSummary');
for (const result of results) {
  const counts = result.counts ? ` (${result.counts.passed} passed, ${result.counts.failed} failed)` : '';
  console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(8)} ${result.seconds.toFixed(1)} s${counts}`);
  if (result.counts) {
    passed += result.counts.passed;
    failed += result.counts.failed;
  }
  // Why, at the very end of the log, where a CI's tail shows it.
  if (!result.ok && result.report) {
    for (const failure of failuresOf(`${reports}/${result.name}.json`).slice(0, 5)) {
      console.log(`       ✘ ${failure.title}`);
      for (const line of failure.lines) console.log(`         ${line}`);
    }
  }
  // A suite that failed without a report (it crashed) still counts as one failure.
  if (!result.ok && (!result.counts || result.counts.failed === 0)) failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
