import { expect, type Page } from '@playwright/test';
import { choose } from './scenarios';

export const ZOEKEN_TITLE = "Overzicht van alle scenario's";

/**
 * Chooses a published version in 'Versie selecteren', opened with `button` ('Selecteren versie' or
 * 'Vergelijken versie'), narrowed to one grid operator and bericht versie.
 */
export async function selectVersion(
  page: Page,
  button: string,
  version: { netbeheerder: string; berichtVersie: string; omschrijving: string },
): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Versie selecteren' });
  await choose(page, dialog, 'Berichtversie', version.berichtVersie);
  await choose(page, dialog, 'Netbeheerder', version.netbeheerder);
  // The grid operator's name in the row too: until the narrowed list arrives, every operator's versions show.
  const row = dialog
    .getByRole('row')
    .filter({ hasText: version.omschrijving })
    .filter({ hasText: version.netbeheerder });
  await expect(row).toHaveCount(1);
  await row.click();
  await dialog.getByRole('button', { name: 'Selecteren' }).click();
  await expect(dialog).toBeHidden();
}
