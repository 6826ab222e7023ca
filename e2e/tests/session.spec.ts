import { DEMO_PASSWORD, loginAs } from '../support/portal';
import { expect, test, type Page } from '../support/test';

/** When the portal's access token expires, in epoch milliseconds (oidc-client-ts keeps it in session storage). */
async function tokenExpiresAt(page: Page): Promise<number> {
  const expiresAt = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const user = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { expires_at?: number }) : {};
    return user.expires_at;
  });
  expect(expiresAt, 'the portal keeps no signed-in user').toBeTruthy();
  return (expiresAt ?? 0) * 1000;
}

// Runs on a server whose access tokens live 30 s (playwright.session.config.ts).
test('a session ended at the provider: the portal says so, and the login brings the user back to the same page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'users@knooppunt.example', '/organisaties');
  await page.getByRole('textbox', { name: 'Organisatie' }).fill('alfa');
  await page.getByRole('textbox', { name: 'Organisatie' }).press('Enter');
  await expect(page.getByRole('row', { name: /Aannemer_Alfa/i })).toBeVisible();
  const deepLink = new URL(page.url());
  expect(deepLink.search).not.toBe('');

  // While the session lives, the portal renews its short-lived token silently.
  const firstExpiry = await tokenExpiresAt(page);
  await expect.poll(() => tokenExpiresAt(page), { timeout: 15_000 }).toBeGreaterThan(firstExpiry);

  // The user logs out at the provider in another tab: the session and its refresh tokens end there.
  const other = await context.newPage();
  await other.goto('/oidc/session/end');
  await other.getByRole('button', { name: 'Ja, uitloggen' }).click();
  await expect(other.getByRole('heading', { name: /uitgelogd/i })).toBeVisible();
  await other.close();

  // The portal cannot renew any more; its last access token runs out (at most 30 s).
  const lastExpiry = await tokenExpiresAt(page);
  await expect.poll(() => Date.now() > lastExpiry + 1_000, { timeout: 45_000, intervals: [1_000] }).toBe(true);

  // Half-way through a form, the user saves: the server refuses the expired token.
  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const form = page.getByRole('dialog', { name: 'Aanmaken organisatie' });
  await form.getByLabel('Organisatie').fill('Aannemer_Sessie_E2E');
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Aannemer', exact: true }).click();
  await form.getByRole('button', { name: 'Aanmaken' }).click();

  const ended = page.getByRole('dialog', { name: 'Sessie verlopen' });
  await expect(ended).toBeVisible();
  await expect(ended).toContainText('Uw sessie is verlopen. Log opnieuw in om verder te gaan.');
  await expect(ended).toContainText('Wat u nog niet hebt opgeslagen, gaat bij het inloggen verloren.');
  await expect(page.getByText('Onvoldoende rechten')).toHaveCount(0);

  // 'Later' keeps the page and the half-filled form; the next refused call asks again.
  await ended.getByRole('button', { name: 'Later' }).click();
  await expect(ended).toBeHidden();
  await expect(form.getByLabel('Organisatie')).toHaveValue('Aannemer_Sessie_E2E');
  await form.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(ended).toBeVisible();

  await ended.getByRole('button', { name: 'Opnieuw inloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('users@knooppunt.example');
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();

  await expect(page).toHaveURL(deepLink.toString());
  await expect(page.getByRole('row', { name: /Aannemer_Alfa/i })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Organisatie' })).toHaveValue('alfa');
});
