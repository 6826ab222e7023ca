import { expect, type Locator, type Page } from '@playwright/test';

/** The list table of a screen, named by its title. */
export function listTable(page: Page, title: string): Locator {
  return page.getByRole('table', { name: title });
}

/**
 * Waits until the platform has done its part (a delivery failed, an order went into error): the
 * lists do not refresh by themselves, so this presses 'Zoeken' until `row` shows.
 */
export async function searchUntilVisible(page: Page, row: Locator): Promise<void> {
  await searchUntil(page, () => expect(row).toBeVisible({ timeout: 1000 }));
}

/** As searchUntilVisible, until `assertion` (which should wait briefly, about a second) holds. */
export async function searchUntil(page: Page, assertion: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await assertion();
  }).toPass({ timeout: 30_000 });
}

/** Sorts on a column: clicks the sort label in its header (ascending first, then the other way round). */
export async function sortOn(table: Locator, column: string): Promise<void> {
  await table.getByRole('columnheader', { name: column, exact: true }).getByRole('button').click();
}

/** Expects the rows shown, top to bottom, to hold exactly `values` in `column`. */
export async function expectColumn(table: Locator, column: string, values: readonly string[]): Promise<void> {
  await expect(table.locator(`tbody tr > td:nth-child(${await columnNumber(table, column)})`)).toHaveText([...values]);
}

/** The cell of `row` in `column`. */
export async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
  return row.locator(`td:nth-child(${await columnNumber(table, column)})`);
}

/** The position of a column, counted from 1 as CSS counts. */
async function columnNumber(table: Locator, column: string): Promise<number> {
  const headers = table.getByRole('columnheader');
  await expect(headers.first()).toBeVisible();
  const index = (await headers.allTextContents()).indexOf(column);
  expect(index, `column '${column}'`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** The paging control below a list. */
export function pagingButton(page: Page, direction: 'Vorige' | 'Volgende'): Locator {
  return page.getByRole('button', { name: `${direction} pagina` });
}

/** The paging label below a list, such as '51-51 van 51'. */
export function pagingLabel(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}
