import { expect, test } from '../support/test';
import { loginAs } from '../support/portal';

test('an administrator creates an organisation and finds it', async ({ page }) => {
  await loginAs(page, 'users@knooppunt.example', '/organisaties');
  await expect(page.getByText(/^1-10 van \d+$/)).toBeVisible();

  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aanmaken organisatie' });
  const create = dialog.getByRole('button', { name: 'Aanmaken' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Organisatie').fill('Netbeheer_Oost_E2E');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Gedelegeerd netbeheerder' }).click();
  // A delegated grid operator needs a delegerende before it can be created.
  await expect(create).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Delegerenden' }).click();
  await page.getByRole('option', { name: 'Netbeheer_Zuid' }).click();
  await page.keyboard.press('Escape');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page.getByText('Organisatie succesvol aangemaakt')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Organisatie' }).fill('oost_e2e');
  await page.getByRole('textbox', { name: 'Organisatie' }).press('Enter');
  const row = page.getByRole('row', { name: /Netbeheer_Oost_E2E/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Gedelegeerd netbeheerder');
  await expect(row).toContainText('Netbeheer_Zuid');
  await expect(page.getByText('1-1 van 1')).toBeVisible();
});

test('a duplicate name shows the error alert and keeps the dialog open', async ({ page }) => {
  await loginAs(page, 'beheer@knooppunt.example', '/organisaties');
  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aanmaken organisatie' });
  await dialog.getByLabel('Organisatie').fill('aannemer_alfa');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Aannemer', exact: true }).click();
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByText('Fout bij aanmaken organisatie')).toBeVisible();
  await expect(page.getByText("Organisatie 'aannemer_alfa' bestaat al.")).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('a user without user-administration rights cannot open the organisations', async ({ page }) => {
  await loginAs(page, 'monitor@knooppunt.example');
  await page.goto('/organisaties');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
