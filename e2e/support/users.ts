import { expect, type Page } from '@playwright/test';

/** Sets a password through the one-time link a new user gets (the embedded provider's page). */
export async function setPasswordThroughLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord').fill(password);
  await page.getByLabel('Herhaal het wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page.getByText('Uw wachtwoord is ingesteld. U kunt nu inloggen.')).toBeVisible();
}

/** Like `loginAs`, with a password of the user's own instead of the demo password. */
export async function loginWithPassword(page: Page, email: string, password: string, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
}
