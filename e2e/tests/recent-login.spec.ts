import { DEMO_PASSWORD, loginAs, portalAccessToken } from '../support/portal';
import { expect, test, type Page } from '../support/test';

// Runs on a server whose dangerous actions want a login of the last 30 s (playwright.session.config.ts,
// RECENT_LOGIN_MINUTES=0.5), so that the test need not wait 15 minutes (decision 0055).

const ADMIN = 'beheer@knooppunt.example';
const row = (page: Page, email: string) =>
  page.getByRole('table', { name: 'Overzicht van alle gebruikers' }).getByRole('row').filter({ hasText: email });

/** What the server answers to a dangerous call with the portal's token now (a user that does not exist). */
async function dangerousCallStatus(page: Page): Promise<number> {
  const response = await page.request.post('/rest/users/block', {
    headers: { authorization: `Bearer ${await portalAccessToken(page)}` },
    data: { user: '00000000-0000-4000-8000-000000000000' },
  });
  return response.status();
}

test('a dangerous action after the login window asks for a new login in a popup, then goes on', async ({ page }) => {
  const email = 'netbeheer@zuid.example';
  await loginAs(page, ADMIN, '/gebruikers');
  await expect(row(page, email)).toBeVisible();
  // Fresh, the call passes the check (and finds no such user); once the login is older than the
  // window, the server asks for a new one.
  expect(await dangerousCallStatus(page)).toBe(404);
  await expect.poll(() => dangerousCallStatus(page), { timeout: 60_000, intervals: [2_000] }).toBe(401);

  await row(page, email)
    .getByRole('button', { name: `Meer acties: ${email}` })
    .click();
  await page.getByRole('menuitem', { name: 'Blokkeren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Gebruiker blokkeren' });
  await confirm.getByRole('button', { name: 'Blokkeren' }).click();

  const ask = page.getByRole('dialog', { name: 'Opnieuw inloggen' });
  await expect(ask).toContainText('Voor deze actie moet u in de afgelopen 30 seconden zijn ingelogd.');
  await expect(page.locator('.MuiDialog-container').last()).toHaveCSS('opacity', '1');
  await page.screenshot({ path: '/tmp/shots-c/recent-login-dialog.png' });
  const opened = page.waitForEvent('popup');
  await ask.getByRole('button', { name: 'Opnieuw inloggen' }).click();
  const popup = await opened;
  // prompt=login: the provider asks for the password again, even though the session is alive.
  await expect(popup.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await popup.getByLabel('E-mailadres').fill(ADMIN);
  await popup.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Inloggen' }).click();
  await closed;

  // The action went on by itself, with the new login, and the page kept its state.
  await expect(ask).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Gebruiker geblokkeerd' })).toContainText(
    `${email} kan niet meer inloggen.`,
  );
  await expect(row(page, email)).toContainText('Geblokkeerd');
  expect(await dangerousCallStatus(page)).toBe(404);
});
