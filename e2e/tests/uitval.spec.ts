import { expect, test } from '@playwright/test';
import { listTable, searchUntilVisible } from '../support/lists';
import { FAILS, WAITS, newHoofdnetOpdracht, newOpdracht } from '../support/participants-api';
import { loginAs } from '../support/portal';

const TITLE = 'Uitval';
const COLUMNS = [
  'Opdracht ID',
  'Versturende partij',
  'Berichttype',
  'Aangemaakt',
  'Mislukte pogingen',
  'Laatste poging',
  'Volgende poging',
  'Foutmelding',
  'Opties',
];

test('Aansluiting: the failed messages by opdracht ID, filtered, opened in the panel and resent', async ({
  page,
  request,
}) => {
  const failed = await newOpdracht(request, FAILS, 'UITVAL');
  const waiting = await newOpdracht(request, WAITS, 'GEENUITVAL');
  await loginAs(page, 'beheer@knooppunt.example', '/uitval');
  const table = listTable(page, TITLE);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(COLUMNS);
  await expect(page.getByRole('columnheader', { name: 'Opdracht ID' })).toHaveAttribute('aria-sort', 'ascending');
  const row = table.getByRole('row', { name: new RegExp(failed) });
  await searchUntilVisible(page, row);
  await expect(table.getByRole('row', { name: new RegExp(waiting) })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Versturende partij' }).click();
  await page.getByRole('option', { name: 'Netbeheer_Noord' }).click();
  await page.getByRole('combobox', { name: 'Berichttype' }).click();
  await page.getByRole('option', { name: 'Opdracht', exact: true }).click();
  await page.getByRole('option', { name: 'Planning', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/uitval\?sender=Netbeheer_Noord&type=Opdracht&type=Planning$/);
  await page.getByRole('textbox', { name: 'Opdracht ID' }).fill(failed);
  await page.getByRole('textbox', { name: 'Opdracht ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`opdrachtId=${failed}$`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Netbeheer_NoordOpdracht');
  await expect(row.getByRole('button', { name: 'Trace ID kopiëren' })).toHaveCount(0);

  await row.click();
  const panel = page.getByRole('dialog', { name: `Opdracht ${failed}` });
  await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(600);
  await expect(panel).toContainText('"traceId": "');
  await panel.getByRole('button', { name: 'Sluiten' }).click();

  await row.getByRole('button', { name: 'Opnieuw verzenden' }).click();
  await expect(page.getByText('Bericht succesvol bijgewerkt')).toBeVisible();
});

test('Hoofdnet: the failed Hoofdnet messages, resent with the Hoofdnet success message', async ({ page, request }) => {
  const failed = await newHoofdnetOpdracht(request);
  await loginAs(page, 'beheer@knooppunt.example', '/hoofdnet/uitval');
  const row = listTable(page, TITLE).getByRole('row', { name: new RegExp(failed) });
  await searchUntilVisible(page, row);
  await expect(row).toContainText(`${WAITS}OpdrachtHoofdnet`);

  await row.getByRole('button', { name: 'Opnieuw verzenden' }).click();
  await expect(page.getByText('Hoofdnet bericht succesvol bijgewerkt')).toBeVisible();
});

test("a grid operator with 'Uitval Beheren' sees the uitval of its own messages only", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const own = await newOpdracht(request, FAILS, 'EIGEN');
  const other = await newHoofdnetOpdracht(request);
  // The administrator sees the other one fail…
  const admin = await browser.newPage({ baseURL });
  await loginAs(admin, 'beheer@knooppunt.example', `/hoofdnet/uitval?opdrachtId=${other}`);
  await searchUntilVisible(admin, listTable(admin, TITLE).getByRole('row', { name: new RegExp(other) }));
  await admin.close();

  // …Netbeheer_Noord, without the monitoring right, sees its own only.
  await loginAs(page, 'netbeheer@noord.example', `/uitval?opdrachtId=${own}`);
  await searchUntilVisible(page, listTable(page, TITLE).getByRole('row', { name: new RegExp(own) }));
  await page.goto(`/hoofdnet/uitval?opdrachtId=${other}`);
  await expect(listTable(page, TITLE).getByText('Geen resultaten')).toBeVisible();
});

test('a user without the uitval right gets Niet toegestaan', async ({ page }) => {
  await loginAs(page, 'users@knooppunt.example');
  for (const path of ['/uitval', '/hoofdnet/uitval']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
  }
});
