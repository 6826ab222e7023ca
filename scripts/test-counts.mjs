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
  console.log(`tests: ${passed} passed, ${failed} failed`);
}
