#!/usr/bin/env node
// Adds up the JSON reports of every suite under test-results/reports into one closing line:
// 'tests: N passed, N failed'. Used by `npm test` and by CI after its PostgreSQL run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const reportsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/reports');

/** Counts of one suite's report: vitest's JSON reporter or Playwright's. */
export function countsOf(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTests ?? 0) };
}

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');
/** A failure's first lines, without colour codes: enough to see why in a log's tail. */
const firstLines = (text, lines = 6) =>
  String(text ?? '')
    .replace(ANSI, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, lines)
    .map((line) => line.slice(0, 300));

/** The failed tests of one suite's report, each with the start of its error. */
export function failuresOf(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    const failures = [];
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const result = test.results?.at(-1);
          const error = result?.errors?.[0] ?? result?.error;
          const at = error?.location ? ` (${path.basename(error.location.file)}:${error.location.line})` : '';
          failures.push({ title: [...titles, spec.title].join(' › ') + at, lines: firstLines(error?.message) });
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, [suite.title]);
    for (const error of report.errors ?? []) failures.push({ title: 'run', lines: firstLines(error.message) });
    return failures;
  }
  return (report.testResults ?? []).flatMap((file) => [
    ...(file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => ({ title: test.fullName, lines: firstLines(test.failureMessages?.[0]) })),
    ...(file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed')
      ? [{ title: file.name, lines: firstLines(file.message) }]
      : []),
  ]);
}

export function totals() {
  const files = existsSync(reportsDir) ? readdirSync(reportsDir).filter((name) => name.endsWith('.json')) : [];
  return files
    .map((name) => countsOf(path.join(reportsDir, name)))
    .reduce((sum, counts) => ({ passed: sum.passed + counts.passed, failed: sum.failed + counts.failed }), {
      passed: 0,
      failed: 0,
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { passed, failed } = totals();
  for (const name of existsSync(reportsDir) ? readdirSync(reportsDir).filter((file) => file.endsWith('.json')) : []) {
    for (const failure of failuresOf(path.join(reportsDir, name)).slice(0, 5)) {
      console.log(`  ✘ ${name.replace(/\.json$/, '')}: ${failure.title}`);
      for (const line of failure.lines) console.log(`      ${line}`);
    }
  }
  console.log(`tests: ${passed} passed, ${failed} failed`);
}
