import { expect, test, type Page } from '../support/test';
import { listTable } from '../support/lists';
import { loginAs } from '../support/portal';

// A list whose search fails says so in the table, with 'Opnieuw proberen', instead of looking empty
// (issue 21 item 2, decision 0027).

/** Answers the first GET of `path` with a server error, as a database that is away for a moment would. */
async function failFirstSearch(page: Page, path: string, method = 'GET'): Promise<void> {
  let failed = false;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (failed || route.request().method() !== method) return route.fallback();
      failed = true;
      return route.fulfill({ status: 500, json: { message: 'Interne fout' } });
    },
  );
}

test("a list whose search fails says so in the table with 'Opnieuw proberen', which fetches it again", async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example');
  for (const list of [
    { path: '/hoofdnet/leveringen', title: 'Overzicht van leveringen', search: '/rest/management/levering/search' },
    {
      path: '/waardenlijsten',
      title: 'Overzicht van alle waardenlijsten',
      search: '/rest/waardenlijst',
      method: 'GET',
    },
  ]) {
    await failFirstSearch(page, list.search, list.method ?? 'POST');
    await page.goto(list.path);
    const table = listTable(page, list.title);
    await expect(table.getByText('Deze lijst kon niet worden geladen')).toBeVisible();
    await expect(table.getByText('Geen resultaten')).toHaveCount(0);
    await expect(page.getByText('0-0 van 0')).toHaveCount(0);

    await table.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await expect(table.getByText('Deze lijst kon niet worden geladen')).toHaveCount(0);
    await expect(page.getByText(/^1-\d+ van \d+$/)).toBeVisible();
    await page.unrouteAll();
  }
});
