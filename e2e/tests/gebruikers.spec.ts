import { expect, test, type Page } from '../support/test';
import { loginAs, menuPaths } from '../support/portal';
import { loginWithPassword, setPasswordThroughLink } from '../support/users';
import { linkIn, waitForMail } from '../support/mail';

const table = (page: Page) => page.getByRole('table', { name: 'Overzicht van alle gebruikers' });
const row = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });

test('a user viewer filters by organisation, by a role in the tree and by a suggestion', async ({ page }) => {
  await loginAs(page, 'users@knooppunt.example', '/gebruikers');
  await expect(page.getByRole('heading', { name: 'Overzicht van alle gebruikers' })).toBeVisible();
  await expect(row(page, 'netbeheer@noord.example')).toBeVisible();
  await expect(row(page, 'aannemer@alfa.example')).toBeVisible();

  await page.getByRole('search').getByRole('combobox', { name: 'Organisatie' }).click();
  await page.getByRole('option', { name: 'Netbeheer_Noord', exact: true }).click();
  await expect(row(page, 'aannemer@alfa.example')).toHaveCount(0);
  await expect(row(page, 'netbeheer@noord.example')).toBeVisible();
  await expect(page).toHaveURL(/organisatie=Netbeheer_Noord/);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(row(page, 'aannemer@alfa.example')).toBeVisible();

  const tree = page.getByRole('navigation', { name: 'Rollen per organisatietype' });
  await tree.getByRole('button', { name: 'Aannemer', exact: true }).click();
  await tree.getByRole('button', { name: 'Coordinerende Aannemer' }).click();
  await expect(row(page, 'netbeheer@noord.example')).toHaveCount(0);
  await expect(row(page, 'aannemer@alfa.example')).toBeVisible();
  await expect(row(page, 'aannemer@alfa.example')).toContainText('Coordinerende Aannemer');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(row(page, 'netbeheer@noord.example')).toBeVisible();

  await page.getByRole('combobox', { name: 'Filter overzicht' }).fill('zuid.ex');
  await page.getByRole('option', { name: 'netbeheer@zuid.example' }).click();
  await expect(row(page, 'netbeheer@zuid.example')).toBeVisible();
  await expect(row(page, 'netbeheer@noord.example')).toHaveCount(0);
  await expect(page.getByText('1-1 van 1')).toBeVisible();
  await page.screenshot({ path: '/tmp/gebruikers-filtered.png', fullPage: true });
});

test('an administrator creates a user, changes its roles and synchronises; the user sets a password and logs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `nieuw.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@noord.example`;
  await loginAs(page, 'users@knooppunt.example', '/gebruikers');

  await page.getByRole('button', { name: 'Nieuwe gebruiker aanmaken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aanmaken gebruiker' });
  const create = dialog.getByRole('button', { name: 'Aanmaken' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`  ${email} `);
  await dialog.getByRole('combobox', { name: 'Organisatie' }).click();
  await page.getByRole('option', { name: 'Netbeheer_Noord', exact: true }).click();
  await expect(create).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Optionele rollen' })).toHaveAttribute('aria-disabled', 'true');
  await dialog.getByRole('combobox', { name: 'Rol', exact: true }).click();
  await page.getByRole('option', { name: 'Netbeheerder', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Optionele rollen' }).click();
  await page.getByRole('option', { name: 'Uitval Beheren' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '/tmp/gebruikers-create-dialog.png' });
  await create.click();

  const result = page.getByRole('status').filter({ hasText: 'Gebruiker succesvol aangemaakt' });
  await expect(result).toBeVisible();
  await expect(dialog).toBeHidden();
  const link = await result.getByRole('link').getAttribute('href');
  expect(link).toMatch(/\/account\/wachtwoord\/[\w-]+$/);
  // The new user is invited by mail with the same link (demo mode also shows it on screen).
  expect(linkIn(await waitForMail(email, /^Uw account voor Knooppunt beheer$/))).toBe(link);
  await page.screenshot({ path: '/tmp/gebruikers-created.png', fullPage: true });

  await page.getByRole('combobox', { name: 'Filter overzicht' }).fill(email);
  await page.getByRole('combobox', { name: 'Filter overzicht' }).press('Enter');
  await expect(row(page, email)).toContainText('Netbeheer_Noord');
  await expect(row(page, email)).toContainText('Uitval Beheren');

  await row(page, email)
    .getByRole('button', { name: `Wijzigen rollen ${email}` })
    .click();
  const change = page.getByRole('dialog', { name: `Wijzigen rollen ${email}` });
  await change.getByRole('combobox', { name: 'Optionele rollen' }).click();
  await page.getByRole('option', { name: 'Configuraties Beheren' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '/tmp/gebruikers-change-roles.png' });
  await change.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Rollen gewijzigd')).toBeVisible();
  await expect(change).toBeHidden();
  await expect(row(page, email)).toContainText('Configuraties Beheren');

  await page.getByRole('button', { name: 'Synchroniseren' }).click();
  const synchronised = page.getByRole('status').filter({ hasText: 'Synchronisatie voltooid' });
  await expect(synchronised).toBeVisible();
  // The new user has no password yet: the report says so.
  await expect(synchronised).toContainText(email);
  await page.screenshot({ path: '/tmp/gebruikers-synchronised.png', fullPage: true });

  // The new user, in a browser of their own (the administrator's provider session stays out of it).
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  const password = 'een-lang-wachtwoord';
  await setPasswordThroughLink(newcomer, link ?? '', password);
  await loginWithPassword(newcomer, email, password);
  expect(await menuPaths(newcomer)).toEqual(['/uitval', '/configs', '/hoofdnet/uitval', '/hoofdnet/configs']);
  await newcomer.goto('/gebruikers');
  await expect(newcomer.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
  await context.close();
});

test("the operator's staff user manager is offered no Knooppunt_Beheer and no change of its own roles", async ({
  page,
}) => {
  await loginAs(page, 'users@knooppunt.example', '/gebruikers');
  await expect(row(page, 'netbeheer@noord.example').getByRole('button', { name: /^Wijzigen rollen/ })).toBeVisible();
  // The operator's own staff, on one page of their own (the first page of all holds ten users).
  await page.getByRole('search').getByRole('combobox', { name: 'Organisatie' }).click();
  await page.getByRole('option', { name: 'Knooppunt_Beheer', exact: true }).click();
  await expect(page).toHaveURL(/organisatie=Knooppunt_Beheer/);
  await expect(row(page, 'users@knooppunt.example')).toBeVisible();
  await expect(row(page, 'users@knooppunt.example').getByRole('button', { name: /^Wijzigen rollen/ })).toHaveCount(0);
  await expect(row(page, 'monitor@knooppunt.example').getByRole('button', { name: /^Wijzigen rollen/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Nieuwe gebruiker aanmaken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aanmaken gebruiker' });
  await dialog.getByRole('combobox', { name: 'Organisatie' }).click();
  await expect(page.getByRole('option', { name: 'Netbeheer_Noord', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Knooppunt_Beheer' })).toHaveCount(0);
});

test("the platform administrator offers Knooppunt_Beheer's role choices and sets monitor@'s roles back", async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/gebruikers');
  await expect(row(page, 'beheer@knooppunt.example')).toBeVisible();
  await expect(row(page, 'beheer@knooppunt.example').getByRole('button', { name: /^Wijzigen rollen/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Nieuwe gebruiker aanmaken' }).click();
  const create = page.getByRole('dialog', { name: 'Aanmaken gebruiker' });
  await create.getByRole('combobox', { name: 'Organisatie' }).click();
  await page.getByRole('option', { name: 'Knooppunt_Beheer' }).click();
  await create.getByRole('combobox', { name: 'Rol', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['Beheer ziet alles', 'Medewerker zonder superrol', 'geen']);
  await page.getByRole('option', { name: 'Medewerker zonder superrol' }).click();
  await expect(create.getByRole('button', { name: 'Aanmaken' })).toBeDisabled();
  await create.getByRole('combobox', { name: 'Rollen van de medewerker' }).click();
  await page.getByRole('option', { name: 'Beheer Monitoring' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '/tmp/gebruikers-create-staff.png' });
  await create.getByRole('button', { name: 'Annuleren' }).click();
  await expect(create).toBeHidden();

  const monitor = 'monitor@knooppunt.example';
  const change = page.getByRole('dialog', { name: `Wijzigen rollen ${monitor}` });
  const toggle = async (role: string) => {
    await row(page, monitor)
      .getByRole('button', { name: `Wijzigen rollen ${monitor}` })
      .click();
    await expect(change.getByRole('combobox', { name: 'Rol', exact: true })).toHaveText('Medewerker zonder superrol');
    await change.getByRole('combobox', { name: 'Rollen van de medewerker' }).click();
    await page.getByRole('option', { name: role }).click();
    await page.keyboard.press('Escape');
    await change.getByRole('button', { name: 'Opslaan' }).click();
    await expect(change).toBeHidden();
  };
  await toggle('Business Rules Zoeker');
  await expect(row(page, monitor)).toContainText('Business Rules Zoeker');
  await toggle('Business Rules Zoeker');
  await expect(row(page, monitor)).not.toContainText('Business Rules Zoeker');
  await expect(row(page, monitor)).toContainText('Beheer Monitoring');
  await expect(row(page, monitor)).toContainText('Uitval Beheren');
});

test('a monitor may not open the users', async ({ page }) => {
  await loginAs(page, 'monitor@knooppunt.example');
  await page.goto('/gebruikers');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
});

test('a role is described with its own group, and closing a row’s dialog leaves no tooltip over the next row', async ({
  page,
}) => {
  await loginAs(page, 'users@knooppunt.example', '/gebruikers');
  // 'Beheer connectiviteit' is optional for Aannemer and Netbeheerder alike: on a grid operator it is the latter's.
  await expect(
    row(page, 'netbeheer@noord.example')
      .locator('[title]')
      .filter({ hasText: /^Beheer connectiviteit$/ }),
  ).toHaveAttribute('title', 'Optionele rol Netbeheerder');

  const edit = row(page, 'aannemer@alfa.example').getByRole('button', {
    name: 'Wijzigen rollen aannemer@alfa.example',
  });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Wijzigen rollen aannemer@alfa.example' });
  await expect(dialog).toBeVisible();
  // The pointer goes into the dialog, away from the row's button (over which it would rightly show).
  await dialog.getByRole('heading').hover();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The dialog hands focus back to its button; its tooltip used to open on that and stay.
  await expect(edit).toBeFocused();
  // Proof that a tooltip had time to open: hover another row's button until its tooltip shows. The
  // focused button's tooltip would have started on the focus, before this one, and stayed open.
  const other = row(page, 'netbeheer@noord.example').getByRole('button', {
    name: 'Wijzigen rollen netbeheer@noord.example',
  });
  await other.hover();
  await expect(page.getByRole('tooltip').first()).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveCount(1);
  // Hovering the focused button itself still shows its label.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await edit.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Wijzigen rollen');
});
