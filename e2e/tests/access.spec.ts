import { expect, test } from '../support/test';
import { DEMO_PASSWORD, loginAs } from '../support/portal';

test('login returns to the deep link the user came from', async ({ page }) => {
  await loginAs(page, 'users@knooppunt.example', '/organisaties?type=Combi');
  await expect(page).toHaveURL(/\/organisaties\?type=Combi$/);
  await expect(page.getByRole('heading', { name: 'Organisaties' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Combi_Oost' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Aannemer_Alfa' })).toHaveCount(0);
});

test('a route without the right lands on Niet toegestaan', async ({ page }) => {
  await loginAs(page, 'geen@knooppunt.example');
  for (const path of ['/organisaties', '/opdrachten', '/hoofdnet/configs', '/scenarios', '/waardenlijst/42']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
    await expect(page.getByText('U heeft niet genoeg rechten om deze applicatie te bekijken.')).toBeVisible();
  }
});

test('a contractor may search rules but not open the concept scenarios', async ({ page }) => {
  await loginAs(page, 'aannemer@alfa.example', '/zoeken');
  await expect(page.getByRole('heading', { name: "Overzicht van alle scenario's" })).toBeVisible();
  await page.goto('/scenarios');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test('an unknown path goes to the start page', async ({ page }) => {
  await loginAs(page, 'monitor@knooppunt.example', '/bestaat/niet');
  await expect(page).toHaveURL(/\/$/);
  // The monitoring rights' start page (decision 0036).
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
});

test('the account popover shows participant and e-mail, and logout ends the session at once', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example');
  await page.getByRole('button', { name: 'Account' }).click();
  // The popover's heading (the start page, the Overzicht, names the participant's receivers too).
  await expect(page.getByRole('heading', { name: 'Netbeheer_Noord' })).toBeVisible();
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue('netbeheer@noord.example');
  await expect(email).not.toBeEditable();
  const documents: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  // Nothing to confirm (the portal sends its ID token hint): the provider ends the session and
  // returns to the portal, whose start page wants a login again.
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  expect(documents).toContain('/oidc/session/end');
  expect(documents).toContain('/');
  await expect(page.getByText('Wilt u uitloggen bij Knooppunt beheer?')).toHaveCount(0);
  // The session is gone: a deep link asks for the password again instead of opening the screen.
  await page.goto('/organisaties');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(page.getByLabel('Wachtwoord')).toHaveValue('');
});

test('a stale or bookmarked login return says in Dutch what happened and offers a new login', async ({ page }) => {
  await page.goto('/callback?code=x&state=y');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Login failed');
  await expect(alert).toContainText('Deze inloglink is verlopen of al gebruikt.');
  await expect(alert).not.toContainText('No matching state');
  // Logged out there is no menu to open; the top bar offers the login.
  await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu openen' })).toHaveCount(0);

  await alert.getByRole('button', { name: 'Opnieuw inloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('monitor@knooppunt.example');
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
});

test('a wrong password keeps the user on the login page with a Dutch message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mailadres').fill('beheer@knooppunt.example');
  await page.getByLabel('Wachtwoord').fill('fout');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Onbekend e-mailadres of onjuist wachtwoord.')).toBeVisible();
});

test('too many wrong passwords lock the login for a while, with a Dutch message', async ({ page }) => {
  await page.goto('/');
  // An address nobody has: it is counted and locked like an existing account.
  await page.getByLabel('E-mailadres').fill('geraden@knooppunt.example');
  for (const attempt of ['fout-1', 'fout-2']) {
    await page.getByLabel('Wachtwoord').fill(attempt);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByText('Onbekend e-mailadres of onjuist wachtwoord.')).toBeVisible();
  }
  await page.getByLabel('Wachtwoord').fill('fout-3');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Te veel mislukte pogingen. Probeer het over 15 minuten opnieuw.');
  await expect(page.getByLabel('E-mailadres')).toHaveValue('geraden@knooppunt.example');
});
