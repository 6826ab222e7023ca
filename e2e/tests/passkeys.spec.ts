import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginAs, portalAccessToken } from '../support/portal';
import { createUser, loginWithPassword, setPasswordThroughLink, tryLogin, uniqueEmail } from '../support/users';

/*
 * Issue 31: a passkey as the second factor (decision 0054 'Passkeys'), in Chromium with its virtual
 * authenticator (over CDP) as the user's key. Demo mode requires no second factor
 * (MFA_REQUIRED=none): a user of its own adds a passkey in the account menu, and its next login
 * asks for it. Runs on a server at http://localhost (playwright.session.config.ts): Chromium
 * refuses WebAuthn on an IP address.
 */

/** A platform authenticator that keeps passkeys and verifies its user, answering at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/** The claims of a JWT (the portal's access token), unchecked: the server checked them. */
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { amr?: string[] };

test('a user adds a passkey; its next login asks for it, and the passkey alone is its second step', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('passkey');
  const password = 'een-eigen-wachtwoord';
  await loginAs(page, 'users@knooppunt.example', '/gebruikers');
  const link = await createUser(page, email, { roles: ['Netbeheerder'] });

  const context = await browser.newContext();
  const user = await context.newPage();
  // As the `page` fixture: the provider's page with the passkey runs its scripts within its policy.
  const cspViolations: string[] = [];
  user.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const credentials = await addVirtualAuthenticator(user);
  await setPasswordThroughLink(user, link, password);
  await loginWithPassword(user, email, password);
  expect(claimsOf(await portalAccessToken(user)).amr).toEqual(['pwd']);

  // 'Tweede stap' in the account menu: 'Passkey toevoegen', the browser's ceremony with the
  // virtual authenticator, and — the first second factor — ten recovery codes shown once.
  await user.getByRole('button', { name: 'Account' }).click();
  await user.getByRole('button', { name: 'Tweede stap' }).click();
  const dialog = user.getByRole('dialog', { name: 'Tweede stap' });
  const passkeys = dialog.getByRole('region', { name: 'Passkeys en beveiligingssleutels' });
  await passkeys.getByRole('button', { name: 'Passkey toevoegen' }).click();
  const codes = user.getByRole('dialog', { name: 'Uw herstelcodes' });
  await expect(codes.getByRole('list', { name: 'Herstelcodes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(user, "'Tweede stap' with new recovery codes");
  await codes.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
  await expect(passkeys.getByRole('listitem')).toHaveText([/Passkey 1/]);
  await expect(dialog).toContainText('Herstelcodes over: 10 van 10');
  await expectNoAxeViolations(user, "'Tweede stap' with a passkey");
  await user.screenshot({ path: '/tmp/shots-c/second-factor-passkey.png' });
  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  const [stored] = await credentials();
  expect(stored?.rpId).toBe('localhost');

  await user.getByRole('button', { name: 'Account' }).click();
  await user.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(user.getByRole('heading', { name: 'Inloggen' })).toBeVisible();

  await tryLogin(user, email, password);
  await expect(user.getByRole('heading', { name: 'Tweede stap' })).toBeVisible();
  // No app: beside the passkey, a recovery code.
  await expect(user.getByLabel('Herstelcode')).toBeVisible();
  const usePasskey = user.getByRole('button', { name: 'Met passkey of beveiligingssleutel' });
  await expect(usePasskey).toBeVisible();
  await usePasskey.click();

  await expect(user.getByRole('button', { name: 'Menu openen' })).toBeVisible();
  expect(claimsOf(await portalAccessToken(user)).amr).toEqual(['pwd', 'hwk', 'mfa']);
  const [used] = await credentials();
  expect(used?.signCount).toBeGreaterThan(stored?.signCount ?? 0);
  expect(cspViolations).toEqual([]);
  await context.close();
});
