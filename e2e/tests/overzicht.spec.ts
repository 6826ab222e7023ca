import { expectNoAxeViolations } from '../support/axe';
import { DEMO_CALLBACK_SECRET, connectDemoReceiver } from '../support/configs';
import { FAILS, newDeelnemer, newOpdracht } from '../support/participants-api';
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
  // Delivered above the line and failed below it, each one path, on a time axis.
  await expect(chart.locator('svg path[data-series]')).toHaveCount(2);
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

test('failures show beside the deliveries of the same 5 minutes, nothing red without failures, on a time axis', async ({
  page,
  request,
}) => {
  await loginAs(page, 'beheer@knooppunt.example');
  // Every delivery to Aannemer_Gamma fails; a new receiver of this test's own takes its order.
  const good = newDeelnemer('OVZ');
  await connectDemoReceiver(page, 'aansluiting', good, DEMO_CALLBACK_SECRET);
  await newOpdracht(request, FAILS, 'OVZ-FOUT');
  await newOpdracht(request, good, 'OVZ-GOED');
  const table = page.getByRole('table', { name: TITLE });
  const gamma = table.getByRole('img', { name: /: Aannemer_Gamma, Aansluiting\. \d+ afgeleverd, [1-9]\d* mislukt$/ });
  const freshName = new RegExp(`: ${good}, Aansluiting\\. [1-9]\\d* afgeleverd, 0 mislukt$`);
  const fresh = table.getByRole('img', { name: freshName });
  await expect(async () => {
    await page.reload();
    await expect(gamma).toBeVisible({ timeout: 2_000 });
    await expect(fresh).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  // Gamma's failures are drawn (red, below the line); the new receiver's chart has no red at all.
  const failed = (chart: typeof gamma) => chart.locator('path[data-series="failed"]');
  await expect(failed(gamma)).toHaveAttribute('d', /^M\d/);
  await expect(failed(fresh)).toHaveAttribute('d', '');
  await expect(fresh.locator('path[data-series="delivered"]')).toHaveAttribute('d', /^M\d/);
  // A time axis: every 6 hours of the clock of Europe/Amsterdam, as the lists' times.
  const ticks = await fresh.locator('[data-tick]').allTextContents();
  expect([...ticks].sort()).toEqual(['00:00', '06:00', '12:00', '18:00']);
  await expect(page.getByRole('columnheader', { name: /Afgeleverd en mislukt/ })).toContainText(
    'afgeleverd (boven)mislukt (onder)',
  );

  // The 5 minutes under the pointer, the last one: its time and counts.
  await gamma.scrollIntoViewIfNeeded();
  const box = (await gamma.boundingBox())!;
  await page.mouse.move(box.x + box.width - 0.5, box.y + box.height / 2);
  await expect(page.getByRole('tooltip')).toHaveText(
    /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}–\d{2}:\d{2}: \d+ afgeleverd, \d+ mislukt$/,
  );
  // The p95 at the precision it was measured in (issue 29): milliseconds, seconds or minutes and seconds.
  const p95 = table
    .locator('tbody tr')
    .filter({ has: page.getByRole('img', { name: freshName }) })
    .locator('td')
    .nth(5);
  await expect(p95).toHaveText(/^(\d+ ms|\d+(,\d)? s|\d+ min( \d+ s)?)$/);
  await page.screenshot({ path: '/tmp/shots/e2e-overzicht.png', fullPage: true });
  await expectNoAxeViolations(page, `${TITLE} with failures`);
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

test("the super role sees the platform's own state: database, processes, mail outbox, open alerts", async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const platform = page.getByRole('region', { name: 'Platform' });
  await expect(platform.getByRole('heading', { level: 2, name: 'Platform' })).toBeVisible();
  // The browser tests' server runs on the embedded database, in one process that writes its heartbeat at start.
  await expect(platform.locator('dl').filter({ hasText: 'Soort' })).toContainText('PGlite');
  const process = platform.getByRole('table', { name: 'Processen' }).locator('tbody tr').first();
  await expect(process).toContainText('API en worker');
  await expect(process).toContainText(/geleden\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  // Mail goes to the browser tests' mail catcher; no OPERATOR_EMAIL is set.
  await expect(platform).toContainText('VerzendenAan');
  await expect(platform).toContainText('OPERATOR_EMAIL is niet ingesteld: meldingen staan alleen in het log');
  await expectNoAxeViolations(page, `${TITLE} with Platform`);
});

test('a monitor without the super role does not see the Platform section', async ({ page }) => {
  await loginAs(page, 'monitor@knooppunt.example');
  await expect(page.getByRole('table', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Platform' })).toHaveCount(0);
});
