import type { PlaywrightTestConfig } from '@playwright/test';

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

/**
 * The processes a browser run needs, for a Knooppunt server on `port`: the mail catcher
 * (support/mail-catcher.ts, a real SMTP server on port+1000, its list on port+1001, where
 * support/mail.ts reads it), then the server itself with `env` and mail to the catcher.
 */
export function serversFor(port: number, env: Record<string, string>, mailFrom: string): WebServer[] {
  const mail = { smtp: port + 1000, http: port + 1001 };
  // support/mail.ts runs in the workers, which load the config too.
  process.env.E2E_MAIL_HTTP_PORT = String(mail.http);
  return [
    {
      command: `npx tsx support/mail-catcher.ts ${mail.smtp} ${mail.http}`,
      url: `http://127.0.0.1:${mail.http}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx ../packages/server/src/main.ts',
      url: `http://127.0.0.1:${port}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${mail.smtp}`,
        MAIL_FROM: mailFrom,
        ...env,
      },
    },
  ];
}
