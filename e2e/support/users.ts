import { expect, type Page } from '@playwright/test';
import { portalAccessToken } from './portal';

/** An e-mail address no other test uses: `prefix`, then something unique, at `domain`. */
export function uniqueEmail(prefix: string, domain = 'noord.example'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/**
 * Creates a user through the call the portal makes, as the user signed in on `page` (a user
 * manager); answers its one-time set-password link, which demo mode answers.
 */
export async function createUser(
  page: Page,
  email: string,
  { organisatie = 'Netbeheer_Noord', roles = ['Netbeheerder'] } = {},
): Promise<string> {
  const created = await page.request.post('/rest/users', {
    headers: { authorization: `Bearer ${await portalAccessToken(page)}` },
    data: { email, organisatie, roles },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { setPasswordUrl } = (await created.json()) as { setPasswordUrl?: string };
  expect(setPasswordUrl, 'demo mode answers the set-password link').toBeTruthy();
  return setPasswordUrl ?? '';
}

/** Sets a password through the one-time link a new user gets (the embedded provider's page). */
export async function setPasswordThroughLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord').fill(password);
  await page.getByLabel('Herhaal het wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page.getByText('Uw wachtwoord is ingesteld. U kunt nu inloggen.')).toBeVisible();
}

/** Submits the login form with these credentials, without expecting it to succeed. */
export async function tryLogin(page: Page, email: string, password: string, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/** Like `loginAs`, with a password of the user's own instead of the demo password. */
export async function loginWithPassword(page: Page, email: string, password: string, path = '/'): Promise<void> {
  await tryLogin(page, email, password, path);
  await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
}
