import { expectNoAxeViolations } from '../support/axe';
import { newOpdracht } from '../support/participants-api';
import { loginAs } from '../support/portal';
import { expect, test } from '../support/test';

/**
 * The Overzicht (issue 22 item 3, decision 0036): the monitoring rights' start page, one row per
 * receiver configuration with its chart, tenancy on the server, a click-through to its lists.
 */

const TITLE = 'Overzicht';

test('the super role sees every receiver with its chart drawn and opens Berichten filtered on one', async ({
  page,
  request,
}) => {
  // An order to Aannemer_Alfa, delivered by the worker, which counts it (flushed every 5 s).
  await newOpdracht(request, 'Aannemer_Alfa', 'OVZ');
  await loginAs(page, 'beheer@knooppunt.example');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const table = page.getByRole('table', { name: TITLE });
  // The demo's receivers of both flows, the paused one among them.
  await expect(table.locator('tbody tr').filter({ hasText: 'Aannemer_Alfa' })).toHaveCount(2);
  const west = table.locator('tbody tr').filter({ hasText: 'Netbeheer_West' });
  await expect(west.first()).toContainText('Gepauzeerd');
  // Each row's chart: one named image holding the drawn svg with its lines (delivered, failed).
  const chart = page.getByRole('img', {
    name: /^Afgeleverd en mislukt per 5 minuten, laatste 24 uur: Aannemer_Alfa, Aansluiting\. \d+ afgeleverd, \d+ mislukt$/,
  });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg .MuiLineChart-line')).toHaveCount(2);
  // Fed by the worker's counters: the order's delivery shows in Aannemer_Alfa's chart once the
  // worker has flushed its counts; the page is read again until it does.
  await expect(async () => {
    await page.reload();
    await expect(
      table.getByRole('img', { name: /: Aannemer_Alfa, Aansluiting\. [1-9]\d* afgeleverd, \d+ mislukt$/ }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expectNoAxeViolations(page, TITLE);

  await page.getByRole('link', { name: 'Berichten aan Aannemer_Alfa (Aansluiting) openen' }).click();
  await expect(page).toHaveURL(/\/berichten\?receiver=Aannemer_Alfa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht van berichten' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ontvangende partij' })).toHaveText('Aannemer_Alfa');
});

test('a participant sees only its own receiver configurations and opens Uitval filtered on one', async ({ page }) => {
  // Aannemer_Alfa's coordinator has the Uitval right, not Berichten's.
  await loginAs(page, 'aannemer@alfa.example');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const rows = page.getByRole('table', { name: TITLE }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Aannemer_Alfa');
  await expect(rows.nth(0)).toContainText('Aansluiting');
  await expect(rows.nth(1)).toContainText('Aannemer_Alfa');
  await expect(rows.nth(1)).toContainText('Hoofdnet');
  await expect(page.getByRole('img', { name: /: Aannemer_Alfa, Hoofdnet\./ }).locator('svg')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Berichten aan/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Uitval van Aannemer_Alfa (Hoofdnet) openen' }).click();
  await expect(page).toHaveURL(/\/hoofdnet\/uitval\?receiver=Aannemer_Alfa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uitval (Hoofdnet)' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ontvangende partij' })).toHaveText('Aannemer_Alfa');
});
