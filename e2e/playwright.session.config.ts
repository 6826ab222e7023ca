import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { serversFor } from './support/servers';

/**
 * The expired-session browser test (tests/session.spec.ts, decision 0021) needs access tokens that
 * expire within the test: its own server with the shortest lifetime the server allows (30 s). The
 * rest of the suite keeps the default lifetime; with 30 s the portal would renew every second.
 */
const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'session.spec.ts',
  outputDir: '../test-results/session',
  webServer: serversFor(
    port,
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'knooppunt-e2e-session-')),
      DEMO: '1',
      DEMO_ORDERS_PER_MINUTE: '0',
      ACCESS_TOKEN_TTL_SECONDS: '30',
    },
    'Knooppunt <noreply@knooppunt.example>',
  ),
});
