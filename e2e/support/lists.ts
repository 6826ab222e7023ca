import { expect, type Locator, type Page } from '@playwright/test';

/** The list table of a screen, named by its title. */
export function listTable(page: Page, title: string): Locator {
  return page.getByRole('table', { name: title });
}

/**
 * Waits until the platform has done its part (a delivery failed, an order went into error): the
 * lists do not refresh by themselves, so this presses 'Zoeken' until `row` shows.
 */
export async function searchUntilVisible(page: Page, row: Locator): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}
