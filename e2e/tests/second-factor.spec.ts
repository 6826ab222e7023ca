import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginAs } from '../support/portal';
import { appCode } from '../support/second-factor';
import { createUser, loginWithPassword, setPasswordThroughLink, tryLogin, uniqueEmail } from '../support/users';

/*
 * Issue 31: 'Tweede stap' in the account menu, for a user the policy does not require one of (demo
 * mode: MFA_REQUIRED=none). The test plays the authenticator app, computing its codes from the key
 * the dialog shows for typing by hand. A user of its own: the demo accounts keep their password login.
 */

/** Logs out from the account menu, to the provider's login page. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
}

/** The password step of a login, then the second step's code. */
async function loginWithCode(page: Page, email: string, password: string, code: string) {
  await tryLogin(page, email, password);
  await expect(page.getByRole('heading', { name: 'Tweede stap' })).toBeVisible();
  await page.getByLabel('Code uit uw authenticator-app').fill(code);
  await page.getByRole('button', { name: 'Bevestigen' }).click();
}

test('a user sets up an authenticator app from the account menu; the login then asks its code, or a recovery code once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('tweede-stap');
  const password = 'een-eigen-wachtwoord';
  await loginAs(page, 'users@knooppunt.example', '/gebruikers');
  const link = await createUser(page, email, { roles: ['Netbeheerder', 'Uitval Beheren'] });

  const context = await browser.newContext({ acceptDownloads: true });
  const user = await context.newPage();
  await setPasswordThroughLink(user, link, password);
  await loginWithPassword(user, email, password, '/uitval');

  await user.getByRole('button', { name: 'Account' }).click();
  await user.getByRole('button', { name: 'Tweede stap' }).click();
  const dialog = user.getByRole('dialog', { name: 'Tweede stap' });
  await expect(dialog).toContainText('Met een tweede stap vraagt Knooppunt bij het inloggen');
  await expectNoAxeViolations(user, "'Tweede stap' without an app");
  await dialog.getByRole('button', { name: 'Instellen' }).click();

  const enrolment = user.getByRole('dialog', { name: 'Tweede stap instellen' });
  await expect(enrolment.getByRole('img', { name: 'QR-code voor uw authenticator-app' })).toBeVisible();
  const key = (await enrolment.getByRole('textbox', { name: 'Sleutel' }).textContent()) ?? '';
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = key.replaceAll(' ', '');
  await expectNoAxeViolations(user, "'Tweede stap instellen'");
  await enrolment.getByLabel(/^Code uit uw authenticator-app/).fill(appCode(secret));
  await enrolment.getByRole('button', { name: 'Bevestigen' }).click();

  const shown = user.getByRole('dialog', { name: 'Uw herstelcodes' });
  const listed = shown.getByRole('list', { name: 'Herstelcodes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const recoveryCodes = await listed.allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expectNoAxeViolations(user, "the recovery codes in 'Tweede stap'");
  const [download] = await Promise.all([
    user.waitForEvent('download'),
    shown.getByRole('button', { name: 'Downloaden' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('knooppunt-herstelcodes.txt');
  const file = await readFile(await download.path(), 'utf8');
  expect(file).toContain(email);
  for (const code of recoveryCodes) expect(file).toContain(code);
  await shown.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
  await expect(dialog).toContainText('Herstelcodes over: 10 van 10');
  await expect(dialog.getByRole('button', { name: 'App verwijderen' })).toBeVisible();
  await expectNoAxeViolations(user, "'Tweede stap' with an app");
  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  await expect(dialog).toHaveCount(0);

  // The next login asks the app's code after the password (a later one than the enrolment took).
  await logOut(user);
  await tryLogin(user, email, password);
  await expect(user.getByRole('heading', { name: 'Tweede stap' })).toBeVisible();
  await expectNoAxeViolations(user, "the login's second step");
  await user.getByLabel('Code uit uw authenticator-app').fill(appCode(secret, 30));
  await user.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(user.getByRole('button', { name: 'Menu openen' })).toBeVisible();

  // A recovery code in place of the app's: once.
  await logOut(user);
  await loginWithCode(user, email, password, recoveryCodes[0]!);
  await expect(user.getByRole('button', { name: 'Menu openen' })).toBeVisible();
  await user.getByRole('button', { name: 'Account' }).click();
  await user.getByRole('button', { name: 'Tweede stap' }).click();
  await expect(dialog).toContainText('Herstelcodes over: 9 van 10');
  await dialog.getByRole('button', { name: 'Sluiten' }).click();

  await logOut(user);
  await loginWithCode(user, email, password, recoveryCodes[0]!);
  await expect(user.getByRole('alert')).toHaveText('Deze code klopt niet of is al gebruikt.');
  await expect(user.getByRole('heading', { name: 'Tweede stap' })).toBeVisible();

  // Lost the phone and the codes: a user manager resets the second factor ('Tweede stap
  // resetten'), and the next login is the password alone again (the policy requires none here).
  await page.goto(`/gebruikers?search=${encodeURIComponent(email)}`);
  const row = page
    .getByRole('table', { name: 'Overzicht van alle gebruikers' })
    .getByRole('row')
    .filter({ hasText: email });
  await row.getByRole('button', { name: `Meer acties: ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Tweede stap resetten' }).click();
  const reset = page.getByRole('dialog', { name: 'Tweede stap resetten' });
  await expect(reset).toContainText(`van ${email} worden verwijderd`);
  await reset.getByRole('button', { name: 'Tweede stap resetten' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tweede stap gereset' })).toContainText(
    `${email} heeft geen tweede stap meer en is uitgelogd.`,
  );
  await loginWithPassword(user, email, password);
  await context.close();
});
