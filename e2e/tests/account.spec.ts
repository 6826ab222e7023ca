import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginAs } from '../support/portal';
import { createUser, loginWithPassword, setPasswordThroughLink, uniqueEmail } from '../support/users';

// Issue 29: 'Wachtwoord wijzigen' in the account menu. A user of its own: the demo accounts keep theirs.
test('a user changes its password from the account menu, is logged out everywhere and logs in with the new one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('wijziging');
  const old = 'het-oude-wachtwoord';
  const next = 'het-nieuwe-wachtwoord';
  await loginAs(page, 'users@knooppunt.example', '/gebruikers');
  const link = await createUser(page, email, { roles: ['Netbeheerder', 'Uitval Beheren'] });

  const context = await browser.newContext();
  const user = await context.newPage();
  await setPasswordThroughLink(user, link, old);
  await loginWithPassword(user, email, old, '/uitval');
  // A second session of the same user, in another browser: it ends too.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await loginWithPassword(other, email, old, '/uitval');

  await user.getByRole('button', { name: 'Account' }).click();
  await expect(user.getByRole('dialog', { name: 'Account' })).toBeVisible();
  await expectNoAxeViolations(user, 'the account menu');
  await user.screenshot({ path: '/tmp/shots-c/account-menu.png' });
  await user.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  const dialog = user.getByRole('dialog', { name: 'Wachtwoord wijzigen' });
  const field = (label: string) => dialog.getByLabel(new RegExp(`^${label}`));
  // The rule stands under the field before anything is sent.
  await expect(field('Nieuw wachtwoord')).toHaveAccessibleDescription('Ten minste 10 tekens.');
  await user.screenshot({ path: '/tmp/shots-c/account-change-password.png' });
  await expectNoAxeViolations(user, "the account menu's 'Wachtwoord wijzigen'");

  // A wrong current password is refused at its field.
  await field('Huidig wachtwoord').fill('niet-het-wachtwoord');
  await field('Nieuw wachtwoord').fill(next);
  await field('Herhaal nieuw wachtwoord').fill(next);
  await dialog.getByRole('button', { name: 'Wijzigen' }).click();
  await expect(field('Huidig wachtwoord')).toHaveAccessibleDescription('Uw huidige wachtwoord is niet juist.');
  await user.screenshot({ path: '/tmp/shots-c/account-change-password-wrong.png' });

  await field('Huidig wachtwoord').fill(old);
  await dialog.getByRole('button', { name: 'Wijzigen' }).click();
  const done = user.getByRole('dialog', { name: 'Wachtwoord gewijzigd' });
  await expect(done).toContainText('Uw wachtwoord is gewijzigd. U bent overal uitgelogd');
  await user.screenshot({ path: '/tmp/shots-c/account-password-changed.png' });
  await expectNoAxeViolations(user, "'Wachtwoord gewijzigd'");

  // The other session has ended with it.
  await other.reload();
  await expect(other.getByRole('dialog', { name: 'Sessie verlopen' })).toBeVisible();
  await otherContext.close();

  // 'Opnieuw inloggen' logs out, to the login page; the old password is refused there, the new one opens the portal.
  await done.getByRole('button', { name: 'Opnieuw inloggen' }).click();
  await expect(user.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(user.getByText('Wilt u uitloggen bij Knooppunt beheer?')).toHaveCount(0);
  const submitLogin = async (password: string) => {
    await user.getByLabel('E-mailadres').fill(email);
    await user.getByLabel('Wachtwoord').fill(password);
    await user.getByRole('button', { name: 'Inloggen' }).click();
  };
  await submitLogin(old);
  await expect(user.getByText('Onbekend e-mailadres of onjuist wachtwoord.')).toBeVisible();
  await submitLogin(next);
  await expect(user.getByRole('button', { name: 'Menu openen' })).toBeVisible();
  await expect(user.getByRole('heading', { level: 1 })).toHaveText('Overzicht');
  await context.close();
});
