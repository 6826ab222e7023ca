import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { pointTestConfigurationAt } from '../support/configs';
import { loginAs, menuPaths, portalAccessToken } from '../support/portal';
import { startCallbackReceiver, type CallbackReceiver } from '../support/receiver';

/*
 * The Testtool (issue 28, decisions 0038, 0040–0042) through the real login: a participant's user
 * and an implementation partner's user (acting for it under 'Namens') each put the participant's
 * test configuration live on Configuraties, run a scenario to a passed report answering from the
 * screen and send a message; a user without the right sees no menu entry and is refused.
 */

/** Opens a screen from the main menu, as a user moves through the portal. */
async function openFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/**
 * On the Testtool screen: the behaviour scenario run against the participant's test system at
 * `receiver`, its Opdracht answered from 'Bericht samenstellen' (checked, then sent), to a passed
 * report; axe on the waiting run, the composer and the report.
 */
async function runScenarioToPassedReport(page: Page, receiver: CallbackReceiver) {
  await page.getByRole('button', { name: 'Nieuwe test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe test' });
  await dialog.getByRole('combobox', { name: 'Scenario' }).click();
  await page.getByRole('option', { name: /^Aansluiting: Dubbel afgeleverde Opdracht/ }).click();
  await dialog.getByRole('button', { name: 'Starten' }).click();

  // The simulator's Opdracht reaches the participant's test callback twice, with one Idempotency-Key.
  const expected = page
    .getByRole('region', { name: 'Verwacht van uw systeem' })
    .or(page.getByText('Verwacht van uw systeem'));
  await expect(expected.first()).toBeVisible({ timeout: 20_000 });
  const opdrachten = receiver.callbacks.filter((callback) => callback.path === '/callback/Opdracht');
  expect(opdrachten).toHaveLength(2);
  expect(opdrachten[1]!.idempotencyKey).toBe(opdrachten[0]!.idempotencyKey);
  await expectNoAxeViolations(page, '/testtool with a run waiting for the participant');

  await page.getByRole('button', { name: 'Samenstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Bericht samenstellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByText('Het bericht is geldig: Knooppunt zou het aannemen.')).toBeVisible();
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByText('Verstuurd in de testomgeving')).toBeVisible();
  await expectNoAxeViolations(page, '/testtool composing a message');

  await page.getByRole('tab', { name: 'Testruns' }).click();
  const row = page.getByRole('row', { name: /Dubbel afgeleverde Opdracht/ }).first();
  await expect(row).toContainText('Geslaagd', { timeout: 20_000 });
  await row.click();
  await expect(page.getByRole('button', { name: 'Rapport downloaden' })).toBeVisible();
  await expectNoAxeViolations(page, '/testtool with a passed report');
}

// Both change Aannemer_Alfa's test configuration: one after the other, in one worker, also when a
// run is made fully parallel. Each sets up what it needs, so a failure of one does not skip the other.
test.describe("Aannemer_Alfa's test system", () => {
  test.describe.configure({ mode: 'default' });

  test('its own user puts its test configuration live and runs a scenario to a passed report', async ({ page }) => {
    const receiver = await startCallbackReceiver();
    try {
      await loginAs(page, 'aannemer@alfa.example', '/configs');
      await expect(page.getByRole('combobox', { name: 'Namens' })).toHaveCount(0);
      await pointTestConfigurationAt(page, 'Aannemer_Alfa', 'opdrachtnemer', {
        origin: receiver.origin,
        clientId: 'alfa-test',
        clientSecret: 'alfa-test-geheim',
      });

      await openFromMenu(page, 'Testtool');
      await runScenarioToPassedReport(page, receiver);
    } finally {
      await receiver.close();
    }
  });

  test('an implementation partner does the same for it, acting for it under Namens', async ({ page }) => {
    const receiver = await startCallbackReceiver();
    try {
      await loginAs(page, 'partner@integra.example', '/configs');
      await expect(page.getByRole('combobox', { name: 'Namens' })).toContainText('Aannemer_Alfa');
      await pointTestConfigurationAt(page, 'Aannemer_Alfa', 'opdrachtnemer', {
        origin: receiver.origin,
        clientId: 'alfa-test-integra',
        clientSecret: 'alfa-test-integra-geheim',
      });
      await expectNoAxeViolations(page, '/configs?omgeving=test acting for Aannemer_Alfa');

      await openFromMenu(page, 'Testtool');
      await expect(page.getByRole('combobox', { name: 'Namens' })).toContainText('Aannemer_Alfa');
      await runScenarioToPassedReport(page, receiver);
    } finally {
      await receiver.close();
    }
  });
});

test('an implementation partner checks a message for the participant it implements for', async ({ page }) => {
  await loginAs(page, 'partner@integra.example', '/testtool?tab=bericht');
  await expect(page.getByRole('combobox', { name: 'Namens' })).toContainText('Aannemer_Alfa');
  await page.getByRole('textbox', { name: 'Opdracht ID' }).fill('E2E-PARTNER-1');
  await page.getByRole('button', { name: 'Controleren' }).click();
  // Aannemer_Alfa is a contractor: an Opdracht (the first type) is not its to send.
  await expect(page.getByText(/Niet geldig: Knooppunt zou antwoorden met status 422/)).toBeVisible();
});

test('a user without Testtool Verzenden has no Testtool and is refused its calls', async ({ page }) => {
  await loginAs(page, 'netbeheer@zuid.example');
  expect(await menuPaths(page)).not.toContain('/testtool');
  await page.goto('/testtool');
  await expect(page).toHaveURL(/\/unauthorized$/);
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  for (const [method, url] of [
    ['GET', '/rest/testtool/runs'],
    ['GET', '/rest/testtool/scenarios'],
    ['POST', '/rest/testtool/controleren'],
  ] as const) {
    const answer = await page.request.fetch(url, {
      method,
      headers,
      data: method === 'POST' ? { bericht: {} } : undefined,
    });
    expect(answer.status(), `${method} ${url}`).toBe(403);
  }
});
