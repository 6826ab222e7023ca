import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginAs, menuPaths, portalAccessToken } from '../support/portal';
import { startCallbackReceiver, type CallbackReceiver } from '../support/receiver';

/*
 * The Testtool (issue 28, decisions 0038, 0040–0042) through the real login: a participant puts
 * its own test configuration live, runs a scenario to a passed report answering from the screen;
 * an implementation partner checks a message for the participant it implements for; a user
 * without the right sees no menu entry and is refused.
 */

/** Points Aannemer_Alfa's Aansluiting test configuration at `receiver`, as its own user does in the portal's calls. */
async function testConfigurationAt(page: Page, receiver: CallbackReceiver) {
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const key = { deelnemer: 'Aannemer_Alfa', versienummer: '2.0' };
  const current = await page.request.get(
    '/test/rest/management/config?deelnemer=Aannemer_Alfa&versienummer=2.0&version=1&draft=false',
    { headers },
  );
  expect(current.status(), await current.text()).toBe(200);
  const { version, updated, config } = (await current.json()) as {
    version: number;
    updated: string;
    config: { urls: Record<string, string> };
  };
  const urls = Object.fromEntries(
    Object.keys(config.urls).map((type) => [type, `${receiver.origin}/callback/${type}`]),
  );
  const saved = await page.request.put('/test/rest/management/config', {
    headers,
    data: {
      ...key,
      basedOn: { version, updated },
      config: { clientId: 'alfa-test', clientSecret: 'alfa-test-geheim', tokenUrl: `${receiver.origin}/token`, urls },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // In the test environment the participant puts it live itself (decision 0038).
  const activated = await page.request.patch('/test/rest/management/config', { headers, data: key });
  expect(activated.status(), await activated.text()).toBe(200);
  const used = await page.request.put('/test/rest/management/message-sender', {
    headers,
    data: { ...key, version: (await activated.json()).version },
  });
  expect(used.status(), await used.text()).toBe(200);
}

test('a participant runs a scenario to a passed report, answering from the Testtool screen', async ({ page }) => {
  const receiver = await startCallbackReceiver();
  try {
    await loginAs(page, 'aannemer@alfa.example', '/testtool');
    await expect(page.getByRole('heading', { name: 'Testtool', level: 1 })).toBeVisible();
    await testConfigurationAt(page, receiver);

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
  } finally {
    await receiver.close();
  }
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
