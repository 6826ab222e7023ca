import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { serversFor } from './support/servers';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// Every run starts the real server on a fresh, empty data directory: migrations and demo seed included.
const dataDir = mkdtempSync(path.join(tmpdir(), 'knooppunt-e2e-'));

export default defineConfig({
  testDir: './tests',
  // Need a server of their own (short-lived tokens and logins, a host name for passkeys):
  // playwright.session.config.ts runs them.
  testIgnore: ['session.spec.ts', 'recent-login.spec.ts', 'passkeys.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // Tracing every test to keep the failures' traces cost a third of the suite's time (269 s against
    // 186 s for two spec files, measured): off, and asked for when a failure needs one with
    // `npx playwright test --trace retain-on-failure`. The failure's screenshot and error context stay.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Keep Chromium off the network: this machine has none beyond loopback.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: serversFor(
    port,
    {
      DATA_DIR: dataDir,
      DEMO: '1',
      // No generated orders: the browser tests see the seeded data only.
      DEMO_ORDERS_PER_MINUTE: '0',
      // Every browser test logs in from 127.0.0.1: the address never reaches a lock, and an account
      // locks after three failures, so the lock's own test is quick (and uses an account of its own).
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      // The Testtool's behaviour scenario watches this long for a second answer (decision 0040).
      TESTTOOL_QUIET_SECONDS: '2',
      // 'Alles opnieuw versturen' one message a batch, 2 s apart: a job of a few messages runs for
      // seconds, long enough to leave its screen and come back while it runs (bulk-resend.spec.ts).
      BULK_RETRY_BATCH_SIZE: '1',
      BULK_RETRY_PAUSE_MS: '2000',
    },
    'Knooppunt <noreply@knooppunt.example>',
  ),
});
