import { expect, test } from '../support/test';
import { expectColumn, listTable, pagingButton, pagingLabel, searchUntilVisible, sortOn } from '../support/lists';
import { FAILS, newHoofdnetOpdracht, newOpdracht, newOpdrachten } from '../support/participants-api';
import { waitingReceiver } from '../support/configs';
import { loginAs } from '../support/portal';

const TITLE = 'Overzicht van opdrachten';
const COLUMNS = ['Opdracht ID', 'Versienummer', 'Opdrachtgever', 'Opdrachtnemer', 'Status', 'Aangemaakt', 'Gewijzigd'];

test('Aansluiting: the open orders by last change, fifty per page, filtered on Enter and on status', async ({
  page,
  request,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/opdrachten');
  // 51 open orders: their order messages wait at a new contractor whose sending is paused.
  const waits = await waitingReceiver(page, 'aansluiting', 'OPEN');
  const ids: string[] = [];
  for (let i = 0; i < 51; i++) ids.push(await newOpdracht(request, waits, 'OPEN'));
  const newest = ids.at(-1) ?? '';
  await page.reload();
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

test('Aansluiting: sorted on Opdracht ID and paged, both kept in the URL', async ({ page, request }) => {
  await loginAs(page, 'beheer@knooppunt.example');
  const opdrachtnemer = await waitingReceiver(page, 'aansluiting', 'OPDRACHTEN');
  const ids = await newOpdrachten(request, opdrachtnemer, 51, { prefix: 'SORTEER' });

  await page.goto(`/opdrachten?opdrachtnemer=${opdrachtnemer}`);
  const table = listTable(page, TITLE);
  await expect(pagingLabel(page, '1-50 van 51')).toBeVisible();
  await expectColumn(table, 'Opdracht ID', ids.slice(1).reverse());

  await sortOn(table, 'Opdracht ID');
  await expect(page).toHaveURL(new RegExp(`/opdrachten\\?opdrachtnemer=${opdrachtnemer}&sort=opdrachtId&order=asc$`));
  await expect(table.getByRole('columnheader', { name: 'Opdracht ID' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('columnheader', { name: 'Gewijzigd' })).not.toHaveAttribute('aria-sort');
  await expectColumn(table, 'Opdracht ID', ids.slice(0, 50));

  await pagingButton(page, 'Volgende').click();
  await expect(page).toHaveURL(/&sort=opdrachtId&order=asc&page=2$/);
  await expect(pagingLabel(page, '51-51 van 51')).toBeVisible();
  await expectColumn(table, 'Opdracht ID', ids.slice(50));
  await expect(pagingButton(page, 'Volgende')).toBeDisabled();

  // A bookmark of the page opens it as it was.
  await page.reload();
  await expect(pagingLabel(page, '51-51 van 51')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Opdracht ID' })).toHaveAttribute('aria-sort', 'ascending');
  await pagingButton(page, 'Vorige').click();
  await expect(page).toHaveURL(/&sort=opdrachtId&order=asc$/);
  await expectColumn(table, 'Opdracht ID', ids.slice(0, 50));
});

test('Aansluiting: an administrator cancels an order after confirming, and its waiting messages are gone', async ({
  page,
  request,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/berichten');
  const opdrachtId = await newOpdracht(request, await waitingReceiver(page, 'aansluiting', 'ANNULEREN'), 'ANNULEREN');
  await page.goto(`/berichten?opdrachtId=${opdrachtId}`);
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

test('Hoofdnet: sorted on creation and paged, both kept in the URL', async ({ page, request }) => {
  await loginAs(page, 'beheer@knooppunt.example');
  const opdrachtnemer = await waitingReceiver(page, 'hoofdnet', 'HOOFDNET');
  const ids = await newOpdrachten(request, opdrachtnemer, 31, { flow: 'hoofdnet', prefix: 'SORTEER' });

  await page.goto(`/hoofdnet/opdrachten?opdrachtnemer=${opdrachtnemer}`);
  const table = listTable(page, TITLE);
  await expect(pagingLabel(page, '1-30 van 31')).toBeVisible();
  await expectColumn(table, 'Opdracht ID', ids.slice(1).reverse());

  await sortOn(table, 'Aangemaakt');
  await expect(page).toHaveURL(
    new RegExp(`/hoofdnet/opdrachten\\?opdrachtnemer=${opdrachtnemer}&sort=created&order=asc$`),
  );
  await expect(table.getByRole('columnheader', { name: 'Aangemaakt' })).toHaveAttribute('aria-sort', 'ascending');
  await expectColumn(table, 'Opdracht ID', ids.slice(0, 30));

  await pagingButton(page, 'Volgende').click();
  await expect(page).toHaveURL(/&sort=created&order=asc&page=2$/);
  await expect(pagingLabel(page, '31-31 van 31')).toBeVisible();
  await expectColumn(table, 'Opdracht ID', ids.slice(30));

  // Sorting the other way round starts on the first page again.
  await sortOn(table, 'Aangemaakt');
  await expect(page).toHaveURL(/&sort=created&order=desc$/);
  await expect(table.getByRole('columnheader', { name: 'Aangemaakt' })).toHaveAttribute('aria-sort', 'descending');
  await expectColumn(table, 'Opdracht ID', ids.slice(1).reverse());
});

test('a user without the monitoring right gets Niet toegestaan', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example');
  for (const path of ['/opdrachten', '/hoofdnet/opdrachten']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
  }
});
