import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';

export const SCENARIOS_TITLE = "Overzicht van uw concept scenario's";

/** The six kinds of work in the order of the dialogs, by their labels. */
export interface Werk {
  Aansluiting: string;
  Binnenwerk: string;
  Meter: string;
  'Type aansluiting': string;
  'Fysieke status': string;
  'Wijzigen capaciteit': string;
}

/** A suffix that keeps this run's omschrijvingen apart from the seed's and from other tests'. */
export const uniqueSuffix = (): string => randomBytes(3).toString('hex');

/** Picks `option` in the select called `label` inside `scope` (a dialog or the filter bar). */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveText(option);
}

export async function chooseWerk(page: Page, dialog: Locator, werk: Werk): Promise<void> {
  for (const [label, value] of Object.entries(werk)) await choose(page, dialog, label, value);
}

/** Creates a concept through 'Nieuw scenario' on /scenarios. */
export async function createScenario(
  page: Page,
  scenario: { omschrijving: string; berichtVersie: string; discipline: string; werk: Werk },
): Promise<void> {
  await page.getByRole('button', { name: 'Nieuw scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Toevoegen scenario' });
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill(scenario.omschrijving);
  await choose(page, dialog, 'Bericht versie', scenario.berichtVersie);
  await choose(page, dialog, 'Discipline', scenario.discipline);
  await chooseWerk(page, dialog, scenario.werk);
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText('Scenario succesvol aangemaakt')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Narrows the concept list to omschrijvingen holding `text` (Enter in the field searches). */
export async function searchOmschrijving(page: Page, text: string): Promise<void> {
  const field = page.getByRole('search').getByRole('textbox', { name: 'Omschrijving' });
  await field.fill(text);
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`omschrijving=${text}`));
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** The row of a scenario in a list, by its omschrijving. */
export function scenarioRow(page: Page, title: string, omschrijving: string): Locator {
  return page
    .getByRole('table', { name: title })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: omschrijving, exact: true }) });
}
