import { test, expect } from '../support/test';
import { linkIn, mailCount, waitForMail } from '../support/mail';
import { loginAs, portalAccessToken } from '../support/portal';
import { loginWithPassword, setPasswordThroughLink } from '../support/users';

const NEUTRAL =
  'Als er een account bij dit e-mailadres hoort, ontvangt u binnen enkele minuten een e-mail met een link om een nieuw wachtwoord te kiezen.';

test("'Wachtwoord vergeten?' mails a one-time link that sets a new password, and tells nothing about unknown addresses", async ({
  page,
  browser,
}) => {
  // A user of their own with a password of their own (the demo accounts keep theirs).
  const email = `vergeetachtig-${Date.now()}@noord.example`;
  await loginAs(page, 'beheer@knooppunt.example', '/gebruikers');
  const created = await page.request.post('/rest/users', {
    headers: { authorization: `Bearer ${await portalAccessToken(page)}` },
    data: { email, organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] },
  });
  expect(created.status()).toBe(201);
  const { setPasswordUrl } = (await created.json()) as { setPasswordUrl: string };

  const context = await browser.newContext();
  const user = await context.newPage();
  await setPasswordThroughLink(user, setPasswordUrl, 'het-eerste-wachtwoord');

  // Forgotten: from the login page.
  await user.goto('/');
  await expect(user.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await user.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(user.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();

  // An unknown address gets the same answer, and no mail.
  await user.getByLabel('E-mailadres').fill('niemand@nergens.example');
  await user.getByRole('button', { name: 'Link versturen' }).click();
  await expect(user.getByRole('status')).toContainText(NEUTRAL);
  const unknownAnswer = await user.getByRole('status').textContent();

  await user.goto('/account/wachtwoord-vergeten');
  await user.getByLabel('E-mailadres').fill(email.toUpperCase());
  await user.getByRole('button', { name: 'Link versturen' }).click();
  await expect(user.getByRole('status')).toHaveText(unknownAnswer ?? '');

  const mail = await waitForMail(email, /^Nieuw wachtwoord voor Knooppunt beheer$/);
  expect(mail.text).toContain('Heeft u dit niet gevraagd?');
  // The unknown address was handled first and got nothing.
  expect(await mailCount('niemand@nergens.example')).toBe(0);

  await setPasswordThroughLink(user, linkIn(mail), 'het-nieuwe-wachtwoord');
  await context.clearCookies();
  await loginWithPassword(user, email, 'het-nieuwe-wachtwoord');
  await context.close();

  // The link is used up.
  const again = await browser.newPage();
  await again.goto(linkIn(mail));
  await expect(again.getByText('Deze link is ongeldig, verlopen of al gebruikt.')).toBeVisible();
  await again.close();
});
