import { expect, test } from '../support/test';
import { loginAs } from '../support/portal';
import {
  WAARDENLIJSTEN_TITLE,
  choose,
  createWaardenlijst,
  waardenlijstRow,
  waardenNode,
} from '../support/waardenlijsten';

const BEPERKT = 'Beperkte waarden toegestaan';

test('an editor creates a value list, disallows a value and sees it marked', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example', '/waardenlijsten');
  await expect(page.getByRole('heading', { name: WAARDENLIJSTEN_TITLE })).toBeVisible();
  await expect(waardenlijstRow(page, 'Netbeheer_Noord', 'Gas')).toBeVisible();

  await page.getByRole('button', { name: 'Nieuwe waardenlijst' }).click();
  const dialog = page.getByRole('dialog', { name: 'Toevoegen waardenlijst' });
  const add = dialog.getByRole('button', { name: 'Toevoegen' });
  await expect(dialog.getByRole('combobox', { name: 'Netbeheerder' })).toHaveCount(0);
  await choose(page, dialog, 'Bericht versie', '2.0');
  // Without a discipline both fields are flagged, driven by the discipline (spec 001 §5, issue 21 item 10).
  await add.click();
  await expect(dialog.getByRole('combobox', { name: 'Discipline' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Bericht versie' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Kies een discipline', { exact: true })).toBeVisible();
  await choose(page, dialog, 'Discipline', 'Water');
  await expect(dialog.getByRole('combobox', { name: 'Discipline' })).not.toHaveAttribute('aria-invalid', 'true');
  await add.click();
  await expect(page.getByText('Waardenlijst succesvol aangemaakt')).toBeVisible();
  await expect(dialog).toBeHidden();

  await choose(page, page, 'Discipline', 'Water');
  await expect(page).toHaveURL(/\/waardenlijsten\?discipline=Water$/);
  await expect(page.getByText('1-1 van 1')).toBeVisible();
  await waardenlijstRow(page, 'Netbeheer_Noord', 'Water').click();

  await expect(page).toHaveURL(/\/waardenlijst\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Waardenlijst Water 2.0 van Netbeheer_Noord' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Technisch Gereed' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(BEPERKT)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tonen' })).toHaveCount(0);

  await waardenNode(page, 'Type').getByRole('button', { name: 'Wijzigen' }).click();
  const waarden = page.getByRole('dialog', { name: 'Wijzigen waarden' });
  await expect(waarden).toContainText('kabelOfLeiding > type');
  await waarden.getByRole('checkbox', { name: 'Gietijzer 80' }).click();
  await expect(page.getByText('Succesvol opgeslagen')).toBeVisible();
  await expect(waarden.getByRole('checkbox', { name: 'Gietijzer 80' })).not.toBeChecked();
  await expect(waarden.getByRole('checkbox', { name: 'PE 32' })).toBeChecked();
  await waarden.getByRole('button', { name: 'Sluiten' }).click();
  await expect(waarden).toBeHidden();
  await expect(waardenNode(page, 'Type').getByText(BEPERKT)).toBeVisible();
  await expect(page.getByText(BEPERKT)).toHaveCount(1);

  // Saved on the server: a fresh load still shows it, and the other tree is untouched.
  await page.reload();
  await expect(waardenNode(page, 'Type').getByText(BEPERKT)).toBeVisible();
  await page.getByRole('tab', { name: 'Administratief Gereed Assets' }).click();
  await expect(waardenNode(page, 'Materiaal')).toBeVisible();
  await expect(page.getByText(BEPERKT)).toHaveCount(0);

  // Back to the overview as it was left, filter included.
  await page.getByRole('link', { name: 'Waardenlijsten' }).click();
  await expect(page).toHaveURL(/\/waardenlijsten\?discipline=Water$/);
  await expect(waardenlijstRow(page, 'Netbeheer_Noord', 'Water')).toBeVisible();
});

test('the platform administrator creates a list for the netbeheerder it chooses, and may change it', async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/waardenlijsten');
  await page.getByRole('button', { name: 'Nieuwe waardenlijst' }).click();
  const dialog = page.getByRole('dialog', { name: 'Toevoegen waardenlijst' });
  await choose(page, dialog, 'Bericht versie', '1.36');
  await choose(page, dialog, 'Discipline', 'Riool');
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(dialog.getByText('Kies de netbeheerder waarvoor u handelt')).toBeVisible();
  await choose(page, dialog, 'Netbeheerder', 'Netbeheer_West');
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText('Waardenlijst succesvol aangemaakt')).toBeVisible();
  await expect(dialog).toBeHidden();

  await choose(page, page, 'Netbeheerder', 'Netbeheer_West');
  const row = waardenlijstRow(page, 'Netbeheer_West', 'Riool');
  await expect(row).toContainText('1.36');
  await expect(row.getByRole('button', { name: 'Opties' })).toBeVisible();
  await row.click();
  await expect(page.getByRole('heading', { name: 'Waardenlijst Riool 1.36 van Netbeheer_West' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wijzigen' }).first()).toBeVisible();
});

test('a list the netbeheerder has already is refused with the error alert', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example', '/waardenlijsten');
  await page.getByRole('button', { name: 'Nieuwe waardenlijst' }).click();
  const dialog = page.getByRole('dialog', { name: 'Toevoegen waardenlijst' });
  await choose(page, dialog, 'Bericht versie', '2.0');
  await choose(page, dialog, 'Discipline', 'Gas');
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();

  await expect(page.getByText('Fout bij aanmaken waardenlijst')).toBeVisible();
  await expect(page.getByText('Er is al een waardenlijst voor berichtversie 2.0 en discipline Gas.')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('an editor deletes a list of their own netbeheerder after confirming', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example', '/waardenlijsten');
  await createWaardenlijst(page, '1.36', 'Glas');
  await choose(page, page, 'Netbeheerder', 'Netbeheer_Noord');
  const row = waardenlijstRow(page, 'Netbeheer_Noord', 'Glas');
  await expect(row).toContainText('1.36');

  await row.getByRole('button', { name: 'Opties' }).click();
  await page.getByRole('menuitem', { name: 'Verwijderen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Wilt u deze waardenlijst verwijderen?' });
  await expect(confirm).toContainText('Waardenlijst Glas 1.36 van Netbeheer_Noord');
  await confirm.getByRole('button', { name: 'Ja' }).click();

  await expect(page.getByText('Waardenlijst succesvol verwijderd')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(waardenlijstRow(page, 'Netbeheer_Noord', 'Gas')).toBeVisible();
  await expect(page).toHaveURL(/\/waardenlijsten\?netbeheerder=Netbeheer_Noord$/);
});

test("another netbeheerder's user sees Noord's lists read-only", async ({ page }) => {
  await loginAs(page, 'netbeheer@zuid.example', '/waardenlijsten');
  await expect(page.getByText(/^1-\d+ van \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nieuwe waardenlijst' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Opties' })).toHaveCount(0);

  await choose(page, page, 'Netbeheerder', 'Netbeheer_Noord');
  await expect(waardenlijstRow(page, 'Netbeheer_Zuid', 'Gas')).toHaveCount(0);
  await waardenlijstRow(page, 'Netbeheer_Noord', 'Gas').click();

  await expect(page.getByRole('heading', { name: 'Waardenlijst Gas 2.0 van Netbeheer_Noord' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wijzigen' })).toHaveCount(0);
  await waardenNode(page, 'Drukklasse').getByRole('button', { name: 'Tonen' }).click();
  const waarden = page.getByRole('dialog', { name: 'Toegestane waarden' });
  await expect(waarden).toContainText('drukklasse');
  const checkbox = waarden.getByRole('checkbox', { name: '8 bar' });
  await expect(checkbox).toBeChecked();
  await expect(checkbox).toBeDisabled();
  await waarden.getByRole('button', { name: 'Sluiten' }).click();
  await expect(waarden).toBeHidden();
});

test("a netbeheerder's own restricted list shows the chip where a value is not allowed", async ({ page }) => {
  await loginAs(page, 'netbeheer@zuid.example', '/waardenlijsten?netbeheerder=Netbeheer_Zuid&discipline=Gas');
  await waardenlijstRow(page, 'Netbeheer_Zuid', 'Gas').click();

  // Netbeheer_Zuid no longer accepts one cable type (demo seed); a viewer still only looks.
  await expect(waardenNode(page, 'Type').getByText(BEPERKT)).toBeVisible();
  await waardenNode(page, 'Type').getByRole('button', { name: 'Tonen' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Toegestane waarden' }).getByRole('checkbox', { name: 'Koper 22' }),
  ).not.toBeChecked();
});
