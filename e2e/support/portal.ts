import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

/** Logs in through the embedded provider's real login page, starting from `path`. */
export async function loginAs(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** Opens the drawer and answers the paths of the menu's links, in menu order. */
export async function menuPaths(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(nav).toBeVisible();
  return nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}
