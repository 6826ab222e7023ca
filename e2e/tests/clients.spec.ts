import { randomUUID } from 'node:crypto';
import { claimsOf, clientRow, CLIENTS_TITLE, createClient, requestToken, takeShownSecret } from '../support/clients';
import { expectNoAxeViolations } from '../support/axe';
import { loginAs, menuPaths } from '../support/portal';
import { expect, test } from '../support/test';

test("the administrator manages any organisation's clients, chosen in the picker or on Organisaties", async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/clients');
  await expect(page.getByRole('heading', { name: CLIENTS_TITLE })).toBeVisible();
  // Every organisation's clients first, each naming its organisation; a new one waits for the filter.
  await expect(clientRow(page, 'aannemer_alfa-systeem')).toContainText('Aannemer_Alfa');
  await expect(clientRow(page, 'netbeheer_noord-systeem')).toContainText('Netbeheer_Noord');
  await expect(page.getByRole('button', { name: 'Nieuwe client' })).toBeDisabled();
  // The extra column still leaves the list whole at 1280 px: no sideways scrolling.
  const table = page.getByRole('table', { name: CLIENTS_TITLE });
  expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(
    true,
  );
  await expectNoAxeViolations(page, 'Systeemclients, alle organisaties');
  await page.screenshot({ path: test.info().outputPath('clients-all-organisations.png') });

  await page.getByRole('combobox', { name: 'Organisatie' }).click();
  // Only organisations whose systems exchange messages are offered.
  await expect(page.getByRole('option', { name: 'Knooppunt_Beheer' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Aannemer_Alfa' }).click();
  await expect(page).toHaveURL(/\/clients\?organisatie=Aannemer_Alfa$/);
  await expect(clientRow(page, 'aannemer_alfa-systeem')).toContainText('Actief');

  // A client made here is Aannemer_Alfa's: its token carries that participant.
  const { clientId, secret } = await createClient(page, `E2E alfa ${randomUUID().slice(0, 8)}`);
  expect(clientId).toMatch(/^aannemer_alfa-/);
  const token = await requestToken(page.request, clientId, secret);
  expect(token.status(), await token.text()).toBe(200);
  expect(claimsOf(((await token.json()) as { access_token: string }).access_token)).toMatchObject({
    deelnemer: 'Aannemer_Alfa',
  });

  expect(await menuPaths(page)).toContain('/clients');
  await page.keyboard.press('Escape');

  await page.goto('/organisaties?organisatie=Netbeheer_Noord');
  const organisation = page.getByRole('row', { name: /Netbeheer_Noord/ });
  await organisation.getByRole('link', { name: 'Systeemclients' }).click();
  await expect(page).toHaveURL(/\/clients\?organisatie=Netbeheer_Noord$/);
  await expect(page.getByRole('combobox', { name: 'Organisatie' })).toHaveValue('Netbeheer_Noord');
  await expect(clientRow(page, 'netbeheer_noord-systeem')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verbinding' })).toContainText('/oidc/token');
});

test("a participant's connectivity manager sees only its own organisation's clients", async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example', '/clients');
  await expect(clientRow(page, 'netbeheer_noord-systeem')).toBeVisible();
  await expect(page.getByText('Organisatie: Netbeheer_Noord')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Organisatie' })).toHaveCount(0);
  expect(await menuPaths(page)).toEqual(expect.arrayContaining(['/clients']));
  await page.keyboard.press('Escape');

  const refusal = page.waitForResponse((response) =>
    response.url().includes('/rest/clients?organisatie=Netbeheer_Zuid'),
  );
  await page.goto('/clients?organisatie=Netbeheer_Zuid');
  const answer = await refusal;
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({
    message: 'U beheert alleen de systeemclients van uw eigen organisatie.',
  });
  const alert = page.getByRole('alert').filter({ hasText: 'Fout bij ophalen systeemclients' });
  await expect(alert).toContainText('Onvoldoende rechten');
  await expect(alert).toContainText('U beheert alleen de systeemclients van uw eigen organisatie.');
  await expect(page.getByRole('table', { name: CLIENTS_TITLE })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nieuwe client' })).toHaveCount(0);
});

// The super role alone is not enough: it takes 'Connectiviteit Beheren' too.
for (const email of ['monitor@knooppunt.example', 'kijker@knooppunt.example']) {
  test(`${email} has no menu entry and is not let in`, async ({ page }) => {
    await loginAs(page, email);
    expect(await menuPaths(page)).not.toContain('/clients');
    await page.goto('/clients');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
  });
}

test('a new secret is shown once and works; Nieuw geheim keeps the old one for the grace period; Intrekken stops both', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'netbeheer@noord.example', '/clients');
  const omschrijving = `E2E werkorders ${randomUUID().slice(0, 8)}`;

  await page.getByRole('button', { name: 'Nieuwe client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe systeemclient' });
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill(omschrijving);
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  const shown = page.getByRole('dialog', { name: 'Client aangemaakt' });
  await shown.getByRole('button', { name: 'Geheim kopiëren' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const first = await takeShownSecret(page, 'Client aangemaakt');
  expect(copied).toBe(first.secret);

  // Closed is gone: not on the page, and not after a reload either.
  await expect(page.getByText(first.secret)).toHaveCount(0);
  const row = clientRow(page, first.clientId);
  await expect(row).toContainText(omschrijving);
  await expect(row).toContainText('nooit');
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(first.secret)).toHaveCount(0);

  const token = await requestToken(page.request, first.clientId, first.secret);
  expect(token.status(), await token.text()).toBe(200);
  expect(claimsOf(((await token.json()) as { access_token: string }).access_token)).toMatchObject({
    deelnemer: 'Netbeheer_Noord',
  });
  await page.reload();
  await expect(row).not.toContainText('nooit');

  await row.getByRole('button', { name: 'Nieuw geheim' }).click();
  const rotate = page.getByRole('dialog', { name: 'Nieuw geheim' });
  await expect(rotate).toContainText('Het huidige geheim blijft nog 24 uur werken');
  await rotate.getByRole('button', { name: 'Nieuw geheim maken' }).click();
  const second = await takeShownSecret(page, 'Nieuw geheim aangemaakt');
  expect(second.clientId).toBe(first.clientId);
  expect(second.secret).not.toBe(first.secret);
  await expect(row).toContainText('vorig geheim geldig tot');
  for (const secret of [second.secret, first.secret]) {
    const answer = await requestToken(page.request, first.clientId, secret);
    expect(answer.status(), await answer.text()).toBe(200);
  }

  await row.getByRole('button', { name: 'Intrekken' }).click();
  const revoke = page.getByRole('dialog', { name: 'Client intrekken' });
  await expect(revoke).toContainText('Tokens die al zijn uitgegeven, blijven nog hoogstens');
  await revoke.getByRole('button', { name: 'Intrekken' }).click();
  await expect(page.getByText('Systeemclient ingetrokken')).toBeVisible();
  await expect(row).toContainText('Ingetrokken');
  await expect(row.getByRole('button')).toHaveCount(0);

  const refused = await requestToken(page.request, first.clientId, second.secret);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
});

test("a JWKS the domain's schema refuses is explained in Dutch: zod's Dutch locale reaches the portal's build", async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/clients?organisatie=Aannemer_Alfa');
  await page.getByRole('button', { name: 'Nieuwe client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe systeemclient' });
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill('E2E sleuteltype');
  await dialog.getByRole('combobox', { name: 'Methode' }).click();
  await page.getByRole('option', { name: 'private_key_jwt' }).click();
  // A key type the schema does not know: the message is zod's own, not one of the domain's texts.
  await dialog.getByRole('textbox', { name: /JWKS/ }).fill('{"keys":[{"kty":"XYZ","n":"abc"}]}');
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).click();
  await expect(dialog).toContainText('Ongeldige optie: verwacht één van "RSA"|"EC"|"OKP"');
  await expect(dialog).not.toContainText(/Invalid|expected/);
});
