import { expect, test } from '@playwright/test';
import { listTable, searchUntilVisible } from '../support/lists';
import { newHoofdnetOpdracht } from '../support/participants-api';
import { loginAs } from '../support/portal';

const TITLE = 'Overzicht van leveringen';

test('the leveringen by last change, thirty per page, filtered on Enter and on errors, sorted on creation', async ({
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

  await page.getByRole('textbox', { name: 'Opdracht ID' }).fill(opdrachtId);
  await page.getByRole('textbox', { name: 'Opdracht ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/hoofdnet/leveringen\\?opdrachtId=${opdrachtId}$`));
  await expect(page.getByText('1-30 van 31')).toBeVisible();
  const newest = table.getByRole('row', { name: new RegExp(`${opdrachtId}-DL31 `) });
  await expect(newest).toContainText('Netbeheer_WestAannemer_GammaIngediendDeelleveringDeellevering');

  await page.getByRole('switch', { name: 'Alleen fouten' }).click();
  await expect(page).toHaveURL(/status=error/);
  await searchUntilVisible(page, newest);

  await page.getByRole('button', { name: 'Aangemaakt' }).click();
  await expect(page).toHaveURL(/sort=created&order=asc/);
  await expect(table.getByRole('row').nth(1)).toContainText(`${opdrachtId}-DL1`);
  await expect(page.getByRole('columnheader', { name: 'Aangemaakt' })).toHaveAttribute('aria-sort', 'ascending');
});

test('a user without the monitoring right gets Niet toegestaan', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example');
  await page.goto('/hoofdnet/leveringen');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
