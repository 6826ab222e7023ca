import { expect, test } from '../support/test';
import { loginAs } from '../support/portal';

// Decision 0022: a change reaches every screen that shows it, also one visited before the change.
test('a new organisation is in the Gebruikers filter and the new-user dialog, without a reload', async ({ page }) => {
  await loginAs(page, 'beheer@knooppunt.example', '/gebruikers');
  const filter = page.getByRole('search').getByRole('combobox', { name: 'Organisatie' });
  await filter.click();
  await expect(page.getByRole('option', { name: 'Netbeheer_Noord' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Aannemer_Vers_E2E' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Client-side navigation through the menu: the query cache of the visit above stays.
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await page.getByRole('link', { name: 'Organisaties' }).click();
  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aanmaken organisatie' });
  await dialog.getByLabel('Organisatie').fill('Aannemer_Vers_E2E');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Aannemer', exact: true }).click();
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByText('Organisatie succesvol aangemaakt')).toBeVisible();

  await page.getByRole('button', { name: 'Menu openen' }).click();
  await page.getByRole('link', { name: 'Gebruikers', exact: true }).click();
  await filter.click();
  await expect(page.getByRole('option', { name: 'Aannemer_Vers_E2E' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Nieuwe gebruiker aanmaken' }).click();
  const newUser = page.getByRole('dialog');
  await newUser.getByRole('combobox', { name: 'Organisatie' }).click();
  await expect(page.getByRole('option', { name: 'Aannemer_Vers_E2E' })).toBeVisible();
});
