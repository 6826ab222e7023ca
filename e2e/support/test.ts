import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test` with one automatic fixture: a test fails when its page reported a violation
 * of the content security policy (decision 0018) — Chromium writes each one to the console. Every
 * spec imports `test` from here (lint rule in eslint.config.js).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'the page broke its content security policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from '@playwright/test';
