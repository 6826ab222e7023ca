import { expect, test } from '@playwright/test';
import { listTable, searchUntilVisible } from '../support/lists';
import { FAILS, WAITS, newHoofdnetOpdracht, newOpdracht } from '../support/participants-api';
import { loginAs } from '../support/portal';

const TITLE = 'Overzicht van opdrachten';
const COLUMNS = ['Opdracht ID', 'Versienummer', 'Opdrachtgever', 'Opdrachtnemer', 'Status', 'Aangemaakt', 'Gewijzigd'];

test('Aansluiting: the open orders by last change, fifty per page, filtered on Enter and on status', async ({
  page,
  request,
}) => {
  // 51 open orders: their order messages wait at the paused Netbeheer_West.
  const ids: string[] = [];
  for (let i = 0; i < 51; i++) ids.push(await newOpdracht(request, WAITS, 'OPEN'));
  const newest = ids.at(-1) ?? '';

  await loginAs(page, 'beheer@knooppunt.example', '/opdrachten');
  const table = listTable(page, TITLE);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Open');
  await expect(table.getByRole('columnheader')).toHaveText([...COLUMNS, 'Acties']);
  await expect(page.getByRole('columnheader', { name: 'Gewijzigd' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText(/^1-50 van \d+$/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(newest);
  await expect(table.getByRole('row').nth(1)).toContainText('Opdracht verstrekt');

  await page.getByRole('textbox', { name: 'Opdracht ID' }).fill(ids[0] ?? '');
  await page.getByRole('textbox', { name: 'Opdracht ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/opdrachten\\?opdrachtId=${ids[0]}$`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('1-1 van 1')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Afgerond' }).click();
  await expect(page).toHaveURL(/status=Afgerond/);
  await expect(table.getByText('Geen resultaten')).toBeVisible();
});

test('Aansluiting: an administrator cancels an order after confirming, and its waiting messages are gone', async ({
  page,
  request,
}) => {
  const opdrachtId = await newOpdracht(request, WAITS, 'ANNULEREN');
  await loginAs(page, 'beheer@knooppunt.example', `/berichten?opdrachtId=${opdrachtId}`);
  await expect(listTable(page, 'Overzicht van berichten').getByRole('row')).toHaveCount(2);

  await page.goto(`/opdrachten?opdrachtId=${opdrachtId}`);
  const row = listTable(page, TITLE).getByRole('row', { name: new RegExp(opdrachtId) });
  await row.getByRole('button', { name: 'Opdracht annuleren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opdracht annuleren' });
  await expect(dialog).toContainText(`Wilt u opdracht ${opdrachtId} handmatig annuleren?`);
  await dialog.getByRole('button', { name: 'Nee' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Opdracht annuleren' }).click();
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Opdracht successvol geannuleerd')).toBeVisible();
  // 990 is Afgerond: the order leaves the open list, and can be cancelled no more.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Alle' }).click();
  await expect(row).toContainText('Opdracht handmatig geannuleerd');
  await expect(row.getByRole('button', { name: 'Opdracht annuleren' })).toHaveCount(0);

  await page.goto(`/berichten?opdrachtId=${opdrachtId}`);
  await expect(listTable(page, 'Overzicht van berichten').getByText('Geen resultaten')).toBeVisible();
});

test('Aansluiting: an order whose message failed is in error, and may still be cancelled', async ({
  page,
  request,
}) => {
  const opdrachtId = await newOpdracht(request, FAILS, 'FOUT');
  await loginAs(page, 'kijker@knooppunt.example', `/opdrachten?status=Error&opdrachtId=${opdrachtId}`);
  const row = listTable(page, TITLE).getByRole('row', { name: new RegExp(opdrachtId) });
  await searchUntilVisible(page, row);
  await expect(row.getByRole('button', { name: 'Opdracht annuleren' })).toBeVisible();
});

test('Aansluiting: without the cancel right no cancel is offered', async ({ page }) => {
  await loginAs(page, 'monitor@knooppunt.example', '/opdrachten?status=Alle');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Acties' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Opdracht annuleren' })).toHaveCount(0);
});

test('Hoofdnet: thirty per page, with the type and the plan status, and no cancel', async ({ page, request }) => {
  const ids: string[] = [];
  for (let i = 0; i < 31; i++) ids.push(await newHoofdnetOpdracht(request, 0, 'HN'));
  const planned = await newHoofdnetOpdracht(request, 1, 'HNPLAN');

  await loginAs(page, 'beheer@knooppunt.example', '/hoofdnet/opdrachten?status=Alle');
  const table = listTable(page, TITLE);
  await expect(table.getByRole('columnheader')).toHaveText(['Opdracht ID', 'Type', ...COLUMNS.slice(1)]);
  await expect(page.getByText(/^1-30 van \d+$/)).toBeVisible();
  await expect(table.getByRole('button', { name: 'Opdracht annuleren' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Opdracht ID' }).fill(planned);
  await page.getByRole('button', { name: 'Zoeken' }).click();
  const row = table.getByRole('row', { name: new RegExp(planned) });
  await expect(row).toContainText('Vervanging');
  await expect(row).toContainText('h1.0');
  await expect(row.getByText('Plan status: Definitief')).toBeVisible();
});

test('a user without the monitoring right gets Niet toegestaan', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example');
  for (const path of ['/opdrachten', '/hoofdnet/opdrachten']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
  }
});
