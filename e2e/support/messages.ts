import { expect, type Locator, type Page } from '@playwright/test';
import { cellOf } from './lists';

/** The platform's own retries of a failed message wait 10 s, 30 s, 1 min, then 5 min (±20 %). */
const FAILURES_BEFORE_MINUTES = 4;

/**
 * Presses 'Opnieuw verzenden' on a failing message's `row` until it has failed four times, each
 * resend failing again at once; the platform's own next try is then minutes away, so a delivery
 * soon after is the doing of the next resend.
 */
export async function resendUntilBackedOff(page: Page, table: Locator, row: Locator, success: string): Promise<void> {
  const failedAttempts = await cellOf(table, row, 'Mislukte pogingen');
  let failed = Number(await failedAttempts.textContent());
  while (failed < FAILURES_BEFORE_MINUTES) {
    const before = failed;
    await row.getByRole('button', { name: 'Opnieuw verzenden' }).click();
    await expect(page.getByText(success)).toBeVisible();
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Zoeken' }).click();
        failed = Number(await failedAttempts.textContent());
        return failed;
      })
      .toBeGreaterThan(before);
  }
}
