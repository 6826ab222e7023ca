import { expect, test } from '../support/test';
import { expectColumn } from '../support/lists';
import { loginAs } from '../support/portal';
import { choose } from '../support/scenarios';
import { ZOEKEN_TITLE, selectVersion } from '../support/zoeken';

// The demo seeds per grid operator version 1 and 2 of bericht versie 2.0 (packages/server/src/demo/seed-regels.ts).
const VOORJAAR = {
  netbeheerder: 'Netbeheer_Noord',
  berichtVersie: '2.0',
  omschrijving: 'Bedrijfsregels 2025 voorjaar',
};
const NAJAAR = { ...VOORJAAR, omschrijving: 'Bedrijfsregels 2025 najaar' };

test('a contractor lists a published version, compares it and opens a changed scenario in compare mode', async ({
  page,
}) => {
  // Two dialogs and a dozen choices: on a busy runner this takes longer than one screen.
  test.setTimeout(120_000);
  await loginAs(page, 'aannemer@alfa.example', '/zoeken');
  await expect(page.getByRole('heading', { name: ZOEKEN_TITLE })).toBeVisible();
  await expect(
    page.getByText("Kies met 'Selecteren versie' een gepubliceerde versie om haar scenario's te zien."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vergelijken versie' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Selecteren versie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Versie selecteren' });
  await expect(dialog.getByRole('button', { name: 'Selecteren' })).toBeDisabled();
  // Each demo version was published weeks before it took effect (decision 0057).
  await choose(page, dialog, 'Netbeheerder', 'Netbeheer_Noord');
  // The grid operator's name in the row too: until the narrowed list arrives, every operator's versions show.
  const published = (omschrijving: string) =>
    dialog.getByRole('row').filter({ hasText: omschrijving }).filter({ hasText: VOORJAAR.netbeheerder });
  await expect(published(VOORJAAR.omschrijving)).toContainText('28-04-202523-05-2025');
  await expect(published(NAJAAR.omschrijving)).toContainText('04-08-202501-09-2025');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();

  await selectVersion(page, 'Selecteren versie', NAJAAR);
  const table = page.getByRole('table', { name: ZOEKEN_TITLE });
  await expect(page.getByRole('button', { name: 'Netbeheer_Noord 2.0 versie 2' })).toBeVisible();
  await expectColumn(table, 'Omschrijving', [
    'Gasaansluiting wijzigen',
    'Glasvezel huisaansluiting',
    'Nieuwe elektra-aansluiting (met slimme meter)',
  ]);

  await selectVersion(page, 'Vergelijken versie', VOORJAAR);
  await expect(page.getByRole('button', { name: 'Oud: Netbeheer_Noord 2.0 versie 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nieuw: Netbeheer_Noord 2.0 versie 2' })).toBeVisible();
  await expectColumn(table, 'Omschrijving', [
    'Gasaansluiting wijzigen',
    'Glasvezel huisaansluiting',
    // The compared name is said in words to a screen reader, and on hover to the eye (decision 0026).
    'Nieuwe elektra-aansluiting (met slimme meter) (Vergeleken omschrijving: Nieuwe elektra-aansluiting met meter)',
    'Wateraansluiting verwijderen',
  ]);
  await expect(
    table.getByRole('link', { name: /^Nieuwe elektra-aansluiting \(met slimme meter\)/ }),
  ).toHaveAccessibleName(
    'Nieuwe elektra-aansluiting (met slimme meter) (Vergeleken omschrijving: Nieuwe elektra-aansluiting met meter)',
  );
  const row = (text: string) => table.getByRole('row').filter({ hasText: text });
  await expect(row('Glasvezel').getByRole('img', { name: 'Toegevoegd' })).toBeVisible();
  await expect(row('Gasaansluiting').getByRole('img', { name: 'Gewijzigd' })).toBeVisible();
  await expect(row('Wateraansluiting').getByRole('img', { name: 'Verwijderd' })).toBeVisible();
  await expect(row('slimme meter').getByRole('img')).toHaveCount(0);
  await row('slimme meter').locator('mark').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Vergeleken omschrijving: Nieuwe elektra-aansluiting met meter');

  await choose(page, page.getByRole('search'), 'Discipline', 'Gas');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expectColumn(table, 'Omschrijving', ['Gasaansluiting wijzigen']);

  await row('Gasaansluiting').click();
  await expect(page).toHaveURL(/\/scenario\/[^/]+\/compare\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Gasaansluiting wijzigen' })).toBeVisible();
  await expect(page.getByText('Vergeleken scenario')).toBeVisible();
  await expect(page.getByText('versie 1', { exact: true })).toBeVisible();
  await expect(page.getByText('versie 2', { exact: true })).toBeVisible();
  const tg = page.getByRole('table', { name: 'Technisch Gereed' });
  await expect(tg.getByRole('row', { name: /^Foto's/ })).toHaveText("Foto'sOptioneelJa");
  await expect(tg.getByRole('row', { name: /^Drukklasse/ })).toHaveText('DrukklasseJaJa');
  await expect(page.getByRole('group')).toHaveCount(0);

  // Back to the list: the comparison and the filter are kept.
  await page.getByRole('button', { name: 'Terug' }).click();
  await expect(page).toHaveURL(/\/zoeken\?/);
  await expectColumn(table, 'Omschrijving', ['Gasaansluiting wijzigen']);
  await expect(page.getByRole('button', { name: 'Oud: Netbeheer_Noord 2.0 versie 1' })).toBeVisible();

  // Removing the selected version removes the comparison too, and the results.
  await page
    .getByRole('button', { name: 'Nieuw: Netbeheer_Noord 2.0 versie 2' })
    .locator('.MuiChip-deleteIcon')
    .click();
  await expect(page.getByRole('button', { name: /Netbeheer_Noord 2.0 versie 1/ })).toHaveCount(0);
  await expect(table).toHaveCount(0);
});

test('the older version is compared against the newer whichever is chosen first, and the chips say which is which', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'aannemer@alfa.example', '/zoeken');
  // The older version first: it used to count as the current one, and the newer's scenarios as removed.
  await selectVersion(page, 'Selecteren versie', VOORJAAR);
  await selectVersion(page, 'Vergelijken versie', NAJAAR);
  await expect(page.getByRole('button', { name: 'Oud: Netbeheer_Noord 2.0 versie 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nieuw: Netbeheer_Noord 2.0 versie 2' })).toBeVisible();

  const table = page.getByRole('table', { name: ZOEKEN_TITLE });
  const row = (text: string) => table.getByRole('row').filter({ hasText: text });
  // Glasvezel came with version 2 (the seed), Wateraansluiting went.
  await expect(row('Glasvezel').getByRole('img', { name: 'Toegevoegd' })).toBeVisible();
  await expect(row('Wateraansluiting').getByRole('img', { name: 'Verwijderd' })).toBeVisible();
  await expect(row('Gasaansluiting').getByRole('img', { name: 'Gewijzigd' })).toBeVisible();
  await expect(
    table.getByRole('link', { name: /^Nieuwe elektra-aansluiting \(met slimme meter\)/ }),
  ).toHaveAccessibleName(
    'Nieuwe elektra-aansluiting (met slimme meter) (Vergeleken omschrijving: Nieuwe elektra-aansluiting met meter)',
  );

  // The detail shows the older scenario beside the newer one.
  await row('Gasaansluiting').click();
  await expect(page).toHaveURL(/\/scenario\/[^/]+\/compare\/[^/]+$/);
  const tg = page.getByRole('table', { name: 'Technisch Gereed' });
  await expect(tg.getByRole('row', { name: /^Foto's/ })).toHaveText("Foto'sOptioneelJa");
});

test('a published scenario opens read-only for a contractor', async ({ page }) => {
  await loginAs(page, 'aannemer@alfa.example', '/zoeken');
  await selectVersion(page, 'Selecteren versie', VOORJAAR);
  await page
    .getByRole('table', { name: ZOEKEN_TITLE })
    .getByRole('row')
    .filter({ hasText: 'Wateraansluiting' })
    .click();
  await expect(page).toHaveURL(/\/scenario\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Wateraansluiting verwijderen' })).toBeVisible();
  await expect(page.getByText('U kunt dit scenario alleen bekijken.')).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Technisch Gereed' })
      .getByRole('row', { name: /^Meter/ })
      .first(),
  ).toHaveText('MeterNee');
  await expect(page.getByRole('group')).toHaveCount(0);
});
