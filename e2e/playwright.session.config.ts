import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { serversFor } from './support/servers';

/**
 * The browser tests that need a server set otherwise than the suite's:
 * - the expired session (tests/session.spec.ts, decision 0021): access tokens that expire within
 *   the test, the shortest lifetime the server allows (30 s; with it the rest of the suite would
 *   renew every second);
 * - recent login (tests/recent-login.spec.ts, decision 0055): a login counts as recent for 30 s
 *   instead of 15 minutes;
 * - passkeys (tests/passkeys.spec.ts, decision 0054): PUBLIC_URL names a host, not an IP address —
 *   the passkeys' relying party is its host, and Chromium refuses WebAuthn on an IP address. So
 *   this server is at http://localhost.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: ['session.spec.ts', 'recent-login.spec.ts', 'passkeys.spec.ts'],
  outputDir: '../test-results/session',
  use: { ...base.use, baseURL },
  webServer: serversFor(
    port,
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'knooppunt-e2e-session-')),
      DEMO: '1',
      DEMO_ORDERS_PER_MINUTE: '0',
      ACCESS_TOKEN_TTL_SECONDS: '30',
      RECENT_LOGIN_MINUTES: '0.5',
      PUBLIC_URL: baseURL,
    },
    'Knooppunt <noreply@knooppunt.example>',
  ),
});
