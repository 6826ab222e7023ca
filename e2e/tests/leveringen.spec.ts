import { expect, test } from '../support/test';
import { expectColumn, listTable, pagingButton, pagingLabel, searchUntilVisible, sortOn } from '../support/lists';
import { newHoofdnetOpdracht } from '../support/participants-api';
import { loginAs } from '../support/portal';

const TITLE = 'Overzicht van leveringen';

test('the leveringen by last change, thirty per page, filtered on Enter and on errors, sorted on creation and paged', async ({
  page,
  request,
}) => {
  // 31 deelleveringen of one order; its order message fails, so the order is in error.
  const opdrachtId = await newHoofdnetOpdracht(request, 31, 'LEVERING');

  await loginAs(page, 'beheer@knooppunt.example', '/hoofdnet/leveringen');
  const table = listTable(page, TITLE);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Opdracht ID',
    'Levering ID',
    'Opdrachtgever',
    'Opdrachtnemer',
    'Status',
    'Bericht',
    'Type',
    'Aangemaakt',
    'Gewijzigd',
  ]);
  await expect(page.getByRole('columnheader', { name: 'Gewijzigd' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText(/^1-30 van \d+$/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(`${opdrachtId}-DL31`);

  // In the order they were delivered: DL1 first.
  const leveringIds = Array.from({ length: 31 }, (_, n) => `${opdrachtId}-DL${n + 1}`);
  await page.getByRole('textbox', { name: 'Opdracht ID' }).fill(opdrachtId);
  await page.getByRole('textbox', { name: 'Opdracht ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/hoofdnet/leveringen\\?opdrachtId=${opdrachtId}$`));
  await expect(pagingLabel(page, '1-30 van 31')).toBeVisible();
  await expectColumn(table, 'Levering ID', leveringIds.slice(1).reverse());
  const newest = table.getByRole('row', { name: new RegExp(`${opdrachtId}-DL31 `) });
  await expect(newest).toContainText('Netbeheer_WestAannemer_GammaIngediendDeelleveringDeellevering');
  await pagingButton(page, 'Volgende').click();
  await expect(page).toHaveURL(new RegExp(`\\?opdrachtId=${opdrachtId}&page=2$`));
  await expect(pagingLabel(page, '31-31 van 31')).toBeVisible();
  await expectColumn(table, 'Levering ID', leveringIds.slice(0, 1));

  // A filter starts on the first page again.
  await page.getByRole('switch', { name: 'Alleen fouten' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?opdrachtId=${opdrachtId}&status=error$`));
  await searchUntilVisible(page, newest);

  await sortOn(table, 'Aangemaakt');
  await expect(page).toHaveURL(/&status=error&sort=created&order=asc$/);
  await expect(table.getByRole('columnheader', { name: 'Aangemaakt' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('columnheader', { name: 'Gewijzigd' })).not.toHaveAttribute('aria-sort');
  await expectColumn(table, 'Levering ID', leveringIds.slice(0, 30));
  await pagingButton(page, 'Volgende').click();
  await expect(page).toHaveURL(/&sort=created&order=asc&page=2$/);
  await expect(pagingLabel(page, '31-31 van 31')).toBeVisible();
  await expectColumn(table, 'Levering ID', leveringIds.slice(30));
});

test('a user without the monitoring right gets Niet toegestaan', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example');
  await page.goto('/hoofdnet/leveringen');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
