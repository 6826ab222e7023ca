import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { searchUntilVisible } from '../support/lists';
import { FAILS, newDeelnemer, newHoofdnetOpdracht, newOpdracht } from '../support/participants-api';
import { loginAs, portalAccessToken } from '../support/portal';
import { createUser, uniqueEmail } from '../support/users';
import { selectVersion } from '../support/zoeken';

// Every screen of both specifications, checked by axe-core against WCAG 2.1 A and AA (decision
// 0026), with its side panel or dialog open where it has one. The demo's data fills the lists.

/** Opens the first row of the list table `title` (its panel, or the page it leads to). */
async function openFirstRow(page: Page, title: string): Promise<void> {
  const firstRow = page.getByRole('table', { name: title }).locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await firstRow.locator('td').first().click();
}

async function openDialog(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function visit(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, path);
}

test('the login page and Niet toegestaan', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expectNoAxeViolations(page, 'the login page');
  // In the portal's typeface, loaded from our own origin (the page's policy allows nothing else).
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((font) => font.family.includes('Roboto Variable') && font.status === 'loaded')
      .length;
  });
  expect(loaded).toBeGreaterThan(0);
  expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(
    /^"Roboto Variable"/,
  );
  await page.screenshot({ path: test.info().outputPath('login-page.png') });

  await loginAs(page, 'geen@knooppunt.example', '/gebruikers');
  await expect(page.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
  await expectNoAxeViolations(page, '/unauthorized');
});

test('the start page and the menu', async ({ page }) => {
  await loginAs(page, 'beheer@knooppunt.example');
  await expectNoAxeViolations(page, '/');
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await expectNoAxeViolations(page, 'the menu');
});

test('the start page of a user without a monitoring right, with the screens it can open', async ({ page }) => {
  await loginAs(page, 'netbeheer@zuid.example');
  await expect(page.getByRole('navigation', { name: 'Onderdelen die u kunt openen' })).toBeVisible();
  await expectNoAxeViolations(page, '/ without a monitoring right');
});

for (const flow of [
  { prefix: '', name: 'Aansluiting', newFailed: (request: APIRequestContext) => newOpdracht(request, FAILS, 'AXE') },
  { prefix: '/hoofdnet', name: 'Hoofdnet', newFailed: (request: APIRequestContext) => newHoofdnetOpdracht(request) },
]) {
  test(`${flow.name}: orders, messages and uitval with a failed message and its panel, configurations with panel and dialog`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const failed = await flow.newFailed(request);
    await loginAs(page, 'beheer@knooppunt.example');
    await visit(page, `${flow.prefix}/opdrachten?opdrachtId=${failed}`, 'Overzicht van opdrachten');
    // The order's history (decision 0059), opened by keyboard from its row.
    await page.goto(`${flow.prefix}/opdrachten?status=Alle&opdrachtId=${failed}`);
    await page.getByRole('button', { name: `Historie van opdracht ${failed}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: `Historie van opdracht ${failed}` })).toContainText('Berichten');
    await expectNoAxeViolations(page, `${flow.prefix}/opdrachten with the order's history`);

    // A failed message: its row has the options 'Opnieuw verzenden' and 'Trace ID kopiëren'.
    await page.goto(`${flow.prefix}/berichten?opdrachtId=${failed}`);
    await searchUntilVisible(page, page.getByRole('button', { name: new RegExp(`^Opnieuw verzenden: `) }));
    await expectNoAxeViolations(page, `${flow.prefix}/berichten`);
    // By keyboard: the row's button, named as its panel, opens on Space.
    const type = flow.prefix ? 'OpdrachtHoofdnet' : 'Opdracht';
    await page.getByRole('button', { name: `${type} ${failed}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('dialog', { name: `${type} ${failed}` })).toBeVisible();
    await expectNoAxeViolations(page, `${flow.prefix}/berichten with the message panel`);

    await visit(page, `${flow.prefix}/uitval?opdrachtId=${failed}`, 'Uitval');

    await visit(page, `${flow.prefix}/configs`, 'Overzicht van configuraties');
    await openFirstRow(page, 'Overzicht van configuraties');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, `${flow.prefix}/configs with the configuration panel`);
    await closeDialog(page);
    await openDialog(page, 'Nieuwe configuratie');
    await expectNoAxeViolations(page, `${flow.prefix}/configs with 'Aanmaken nieuwe configuratie'`);
  });
}

test('Hoofdnet: leveringen', async ({ page }) => {
  await loginAs(page, 'beheer@knooppunt.example');
  await visit(page, '/hoofdnet/leveringen', 'Overzicht van leveringen');
});

test('Auditlog with a change in its side panel', async ({ page }) => {
  await loginAs(page, 'beheer@knooppunt.example');
  // A change to show: a new organisation, registered through the call the portal makes.
  const registered = await page.request.post('/rest/organisations', {
    headers: { authorization: `Bearer ${await portalAccessToken(page)}` },
    data: { organisatie: newDeelnemer('AXE'), type: 'Aannemer' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await visit(page, '/auditlog', 'Auditlog');
  await openFirstRow(page, 'Auditlog');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, '/auditlog with an entry in the side panel');
});

test("business rules: scenarios with a scenario, value lists with a list, and the search with 'Versie selecteren'", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'netbeheer@noord.example');
  await visit(page, '/scenarios', "Overzicht van uw concept scenario's");
  await openDialog(page, 'Nieuw scenario');
  await expectNoAxeViolations(page, "/scenarios with 'Nieuw scenario'");
  await closeDialog(page);
  await openFirstRow(page, "Overzicht van uw concept scenario's");
  await expect(page).toHaveURL(/\/scenario\//);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page, '/scenario/:id');

  await visit(page, '/waardenlijsten', 'Overzicht van alle waardenlijsten');
  // A row that opens a page is a link, followed on Enter.
  await page
    .getByRole('link', { name: /^Waardenlijst Netbeheer_Noord / })
    .first()
    .press('Enter');
  await expect(page).toHaveURL(/\/waardenlijst\//);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page, '/waardenlijst/:id');

  await visit(page, '/zoeken', "Overzicht van alle scenario's");
  await page.getByRole('button', { name: 'Selecteren versie' }).click();
  await expect(page.getByRole('dialog', { name: 'Versie selecteren' })).toBeVisible();
  await expectNoAxeViolations(page, "/zoeken with 'Versie selecteren'");
  await closeDialog(page);
  await selectVersion(page, 'Selecteren versie', {
    netbeheerder: 'Netbeheer_Noord',
    berichtVersie: '2.0',
    omschrijving: 'Bedrijfsregels 2025 najaar',
  });
  await expectNoAxeViolations(page, '/zoeken with a version selected');
});

test('users, organisations and clients with their dialogs', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'beheer@knooppunt.example');
  await visit(page, '/gebruikers', 'Overzicht van alle gebruikers');
  await openDialog(page, 'Nieuwe gebruiker aanmaken');
  await expectNoAxeViolations(page, "/gebruikers with 'Nieuwe gebruiker aanmaken'");
  await closeDialog(page);

  await visit(page, '/organisaties', 'Organisaties');
  await openDialog(page, 'Nieuwe organisatie');
  await expectNoAxeViolations(page, "/organisaties with 'Nieuwe organisatie'");
  await closeDialog(page);

  // The administrator's own organisation has no systems: the list of a participant's.
  await visit(page, '/clients?organisatie=Aannemer_Alfa', 'Systeemclients');
  await expect(page.getByRole('table', { name: 'Systeemclients' })).toContainText('aannemer_alfa-systeem');
  await expectNoAxeViolations(page, '/clients with a list');
  await openDialog(page, 'Nieuwe client');
  await expectNoAxeViolations(page, "/clients with 'Nieuwe client'");
});

test("a participant's screens: own configuration editable, own scenarios and clients", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'aannemer@alfa.example');
  await visit(page, '/configs', 'Overzicht van configuraties');
  await openFirstRow(page, 'Overzicht van configuraties');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, '/configs with the own configuration panel');
  await closeDialog(page);
  await visit(page, '/uitval', 'Uitval');
  await visit(page, '/zoeken', "Overzicht van alle scenario's");
});

// Issue 29: the user actions, an organisation's status and 'Wachtwoord wijzigen', each asked and then cancelled.
test("users' actions and markers, an organisation's status and 'Wachtwoord wijzigen'", async ({ page }) => {
  await loginAs(page, 'beheer@knooppunt.example');
  // A user with a marker: one who has no password yet.
  const email = uniqueEmail('axe');
  await createUser(page, email);
  await page.goto(`/gebruikers?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('table', { name: 'Overzicht van alle gebruikers' })).toContainText('Nog geen wachtwoord');
  await expectNoAxeViolations(page, '/gebruikers with a marker');
  await page.getByRole('button', { name: `Meer acties: ${email}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, "/gebruikers with a user's actions menu");
  await page.getByRole('menuitem', { name: 'Blokkeren' }).click();
  await expect(page.getByRole('dialog', { name: 'Gebruiker blokkeren' })).toBeVisible();
  await expectNoAxeViolations(page, "/gebruikers with 'Gebruiker blokkeren'");
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await openDialog(page, 'Synchroniseren');
  await expectNoAxeViolations(page, "/gebruikers with 'Synchroniseren'");
  await page.getByRole('button', { name: 'Annuleren' }).click();

  await page.goto('/organisaties?open=Aannemer_Alfa');
  const status = page.getByRole('dialog', { name: 'Aannemer_Alfa' }).getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Deactiveren' }).click();
  await expect(page.getByRole('dialog', { name: 'Organisatie deactiveren' })).toBeVisible();
  await expectNoAxeViolations(page, "/organisaties with 'Organisatie deactiveren'");
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByRole('dialog', { name: 'Organisatie deactiveren' })).toHaveCount(0);
  await closeDialog(page);

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByRole('dialog', { name: 'Wachtwoord wijzigen' })).toBeVisible();
  await expectNoAxeViolations(page, "the account menu's 'Wachtwoord wijzigen'");
});
