import { expect, type Locator, type Page } from '@playwright/test';
import { portalAccessToken } from './portal';

export const WAARDENLIJSTEN_TITLE = 'Overzicht van alle waardenlijsten';

/** Picks `option` in the select named `label` inside `scope` (a dialog, or the page's filters). */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The row of one netbeheerder's list of a discipline in the overview (named by its link, 'Waardenlijst …'). */
export function waardenlijstRow(page: Page, netbeheerder: string, discipline: string): Locator {
  return page
    .getByRole('table', { name: WAARDENLIJSTEN_TITLE })
    .getByRole('row', { name: new RegExp(`^Waardenlijst ${netbeheerder} ${discipline} `) });
}

/** A node of a value-list tree: its label, its chip and its button. */
export function waardenNode(page: Page, label: string): Locator {
  return page.getByRole('tabpanel').getByRole('group', { name: label, exact: true });
}

/**
 * Creates a list of the netbeheerder signed in on `page` through the REST call the portal makes,
 * to arrange a list that a test then changes or deletes on screen.
 */
export async function createWaardenlijst(page: Page, berichtVersie: string, discipline: string): Promise<void> {
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const created = await page.request.post('/rest/waardenlijst', { headers, data: { berichtVersie, discipline } });
  expect(created.status(), await created.text()).toBe(201);
}
