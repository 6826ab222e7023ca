import { expect, test } from '../support/test';
import { loginAs, menuPaths } from '../support/portal';

const AANSLUITING_MONITORING = ['/opdrachten', '/berichten'];
const HOOFDNET_MONITORING = ['/hoofdnet/opdrachten', '/hoofdnet/berichten', '/hoofdnet/leveringen'];

/** What each demo user's roles let them see in the drawer (spec 000 §2 and §6, spec 001 §6). */
const MENUS: [email: string, paths: string[], sections: string[]][] = [
  [
    'beheer@knooppunt.example',
    [
      ...AANSLUITING_MONITORING,
      '/uitval',
      '/configs',
      ...HOOFDNET_MONITORING,
      '/hoofdnet/uitval',
      '/hoofdnet/configs',
      '/zoeken',
      '/scenarios',
      '/waardenlijsten',
      '/termijnen',
      '/gebruikers',
      '/organisaties',
      '/clients',
      '/testtool',
      '/auditlog',
    ],
    ['Aansluiting', 'Hoofdnet', 'Business rules', 'Gebruikersbeheer'],
  ],
  [
    'monitor@knooppunt.example',
    [...AANSLUITING_MONITORING, '/uitval', ...HOOFDNET_MONITORING, '/hoofdnet/uitval'],
    ['Aansluiting', 'Hoofdnet'],
  ],
  [
    'netbeheer@noord.example',
    [
      '/uitval',
      '/configs',
      '/hoofdnet/uitval',
      '/hoofdnet/configs',
      '/zoeken',
      '/scenarios',
      '/waardenlijsten',
      '/termijnen',
      '/clients',
      '/testtool',
    ],
    ['Aansluiting', 'Hoofdnet', 'Business rules', 'Gebruikersbeheer'],
  ],
  ['netbeheer@zuid.example', ['/zoeken', '/scenarios', '/waardenlijsten', '/termijnen'], ['Business rules']],
  [
    'aannemer@alfa.example',
    [
      '/uitval',
      '/configs',
      '/hoofdnet/uitval',
      '/hoofdnet/configs',
      '/zoeken',
      '/waardenlijsten',
      '/termijnen',
      '/testtool',
    ],
    ['Aansluiting', 'Hoofdnet', 'Business rules', 'Gebruikersbeheer'],
  ],
  [
    'partner@integra.example',
    ['/uitval', '/configs', '/hoofdnet/uitval', '/hoofdnet/configs', '/testtool'],
    ['Aansluiting', 'Hoofdnet', 'Gebruikersbeheer'],
  ],
  ['users@knooppunt.example', ['/gebruikers', '/organisaties'], ['Gebruikersbeheer']],
  ['geen@knooppunt.example', [], []],
];
// The super role alone opens every screen the administrator's full set of roles opens, but for the
// system clients and the Testtool: they take 'Connectiviteit Beheren' and 'Testtool Verzenden' too
// (decisions 0019 and 0040).
MENUS.push([
  'kijker@knooppunt.example',
  MENUS[0]![1].filter((path) => path !== '/clients' && path !== '/testtool'),
  MENUS[0]![2],
]);

for (const [email, paths, sections] of MENUS) {
  test(`${email} sees the menu of their roles`, async ({ page }) => {
    await loginAs(page, email);
    // The monitoring rights (Berichten or Uitval) start on the Overzicht (decision 0036).
    const monitoring = paths.some((path) => /\/(berichten|uitval)$/.test(path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(monitoring ? 'Overzicht' : 'Welkom bij beheer');
    // Only whose menu stays empty is told so on the start page (planner@kust.example's own test below).
    await expect(page.getByText('Nog geen toegang')).toHaveCount(paths.length === 0 ? 1 : 0);
    expect(await menuPaths(page)).toEqual(paths);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const section of ['Aansluiting', 'Hoofdnet', 'Business rules', 'Gebruikersbeheer']) {
      await expect(nav.getByText(section, { exact: true })).toHaveCount(sections.includes(section) ? 1 : 0);
    }
    await expect(nav.getByText("Uw scenario's")).toHaveCount(paths.includes('/scenarios') ? 1 : 0);
    await expect(nav.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
    await expect(page.getByText('v2.13.0')).toBeVisible();
  });
}

test('a user whose roles open no screen reads on the start page that nothing is open yet, and whom to ask', async ({
  page,
}) => {
  // A delegated grid operator's planner: 'Gedelegeerd Netbeheerder' and 'Geblokkeerde weken Beheren' open no screen here.
  await loginAs(page, 'planner@kust.example');
  await expect(page.getByRole('heading', { name: 'Welkom bij beheer' })).toBeVisible();
  const note = page.getByRole('alert').filter({ hasText: 'Nog geen toegang' });
  await expect(note).toContainText('Er is voor u nog geen onderdeel van het portaal opengesteld.');
  await expect(note).toContainText('Vraag de gebruikersbeheerder van uw organisatie om de rollen die u nodig hebt.');
  await expect(note).toContainText('de beheerder van Knooppunt');
  expect(await menuPaths(page)).toEqual([]);
});

test('a user without a monitoring right reads on the start page which screens it can open, and opens one', async ({
  page,
}) => {
  // A grid operator's user with only the concept-rules viewing right (issue 29: such a user saw only 'Welkom bij beheer').
  await loginAs(page, 'netbeheer@zuid.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Welkom bij beheer' })).toBeVisible();
  const screens = page.getByRole('navigation', { name: 'Onderdelen die u kunt openen' });
  await expect(screens).toContainText('Met uw rollen kunt u deze onderdelen openen:');
  await expect(screens.getByRole('heading', { level: 2 })).toHaveText(['Business rules']);
  // The same screens as the menu, each with what it is for.
  const links = screens.getByRole('link');
  await expect(links).toHaveText(['Zoeken', "Uw scenario's", 'Waardenlijsten', 'Termijnen']);
  expect(
    await links.evaluateAll((all) => all.map((link) => new URL((link as HTMLAnchorElement).href).pathname)),
  ).toEqual(await menuPaths(page));
  await page.keyboard.press('Escape');
  await expect(screens).toContainText("Zoek in de gepubliceerde scenario's en vergelijk twee versies.");
  await expect(screens).toContainText('Bekijk de toegestane waarden per netbeheerder en discipline.');
  await expect(screens).toContainText('Termijnen tussen de stappen van een opdracht, per netbeheerder.');
  await page.screenshot({ path: '/tmp/shots/e2e-welkom.png' });

  await links.filter({ hasText: 'Waardenlijsten' }).click();
  await expect(page).toHaveURL(/\/waardenlijsten$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht van alle waardenlijsten' })).toBeVisible();
});

test('a menu link opens its screen behind its guard', async ({ page }) => {
  await loginAs(page, 'monitor@knooppunt.example');
  await menuPaths(page);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Leveringen' }).click();
  await expect(page).toHaveURL(/\/hoofdnet\/leveringen$/);
  await expect(page.getByRole('heading', { name: 'Overzicht van leveringen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Overzicht van leveringen' })).toBeVisible();
});
