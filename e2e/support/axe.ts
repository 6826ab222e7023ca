import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/** The rules of WCAG 2.1 level A and AA (decision 0026). */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

// Evaluated through the browser's debugging protocol, which the content security policy does not
// govern: a script tag would be an inline script the policy rightly blocks (decision 0018).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page as it stands (dialogs and panels open included) and expects no
 * violation of WCAG 2.1 A/AA. A failure lists each rule with its help text and the elements that
 * break it, so the message alone says what to fix. `screen` names the state checked.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // MUI's transitions end before the check: a half-faded element reads as too little contrast.
  // A loading bar that starts meanwhile (a list refreshing itself) runs forever and cannot be
  // finished: only animations with an end are.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.waitForTimeout(0);
  await page.evaluate(() =>
    document.getAnimations().forEach((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      if (typeof end === 'number' && Number.isFinite(end)) animation.finish();
    }),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    [...WCAG_21_AA],
  );
  expect(results.violations.map(describe), `axe-core found violations of WCAG 2.1 A/AA on ${screen}`).toEqual([]);
}

function describe(violation: Result): string {
  const targets = violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
  return [`${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`, ...targets].join('\n');
}
