import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { serversFor } from './support/servers';

/**
 * The production acceptance test (issue 19): Knooppunt as an operator runs it — a PostgreSQL
 * server, no demo mode, a first administrator from ADMIN_EMAIL, real mail (the mail catcher) — from
 * an empty database to a delivered message. Run through scripts/with-postgres.sh, which starts a
 * throwaway PostgreSQL server and names it in TEST_DATABASE_URL (`npm test` and .ci/run do).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  throw new Error(
    'The go-live test needs a PostgreSQL server: run it through scripts/with-postgres.sh (npm test does).',
  );
}

const port = Number(process.env.E2E_GOLIVE_PORT ?? 8281);
const baseURL = `http://127.0.0.1:${port}`;
export const GOLIVE_ADMIN = 'beheerder@netwerkbedrijf-test.example';
/** OPERATOR_EMAIL: where the platform's alerts go (issue 29). */
export const GOLIVE_OPERATOR = 'storingen@netwerkbedrijf-test.example';
/** The server's database: the test starts a second process on it, with another SECRET_KEY. */
export const GOLIVE_DATABASE_URL = databaseUrl;

export default defineConfig({
  ...base,
  testDir: './golive',
  outputDir: '../test-results/golive',
  timeout: 180_000,
  // One long test: a step that waits for ever (a click on an element that never comes) would only
  // say 'test timeout' at the end; bounded, the failure names the step and its locator.
  use: { ...base.use, baseURL, actionTimeout: 20_000, navigationTimeout: 30_000 },
  webServer: serversFor(
    port,
    {
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      ADMIN_EMAIL: GOLIVE_ADMIN,
      SECRET_KEY: randomBytes(32).toString('base64'),
      OPERATOR_EMAIL: GOLIVE_OPERATOR,
      // The platform alerts are evaluated every 2 s, so the test need not wait for them.
      ALERT_CHECK_SECONDS: '2',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'knooppunt-golive-')),
      // The test's receiver listens on loopback over plain http.
      ALLOW_PRIVATE_TARGETS: '1',
    },
    'Knooppunt <noreply@netwerkbedrijf-test.example>',
  ),
});
