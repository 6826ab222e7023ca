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

/**
 * The access token of the user signed in on `page`, as the portal keeps it (oidc-client-ts, in
 * session storage): for arranging through the same REST calls the portal makes.
 */
export async function portalAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const user = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    return user.access_token;
  });
  expect(token, 'the portal keeps no signed-in user').toBeTruthy();
  return token ?? '';
}

/** The refresh token of the user signed in on `page` (oidc-client-ts keeps it in session storage). */
export async function portalRefreshToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const user = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { refresh_token?: string }) : {};
    return user.refresh_token;
  });
  expect(token, 'the portal keeps no refresh token').toBeTruthy();
  return token ?? '';
}
