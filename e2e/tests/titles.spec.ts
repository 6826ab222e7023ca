import { loginAs } from '../support/portal';
import { expect, test, type Page } from '../support/test';

const APP = 'Knooppunt beheer';

/** Every route of both specs with the heading it shows the administrator (decision 0028). */
const SCREENS: [path: string, heading: string][] = [
  // The administrator has the monitoring rights: their start page is the Overzicht (decision 0036).
  ['/', 'Overzicht'],
  ['/opdrachten', 'Overzicht van opdrachten'],
  ['/berichten', 'Overzicht van berichten'],
  ['/uitval', 'Uitval'],
  ['/configs', 'Overzicht van configuraties (Aansluiting)'],
  ['/hoofdnet/opdrachten', 'Overzicht van opdrachten (Hoofdnet)'],
  ['/hoofdnet/berichten', 'Overzicht van berichten (Hoofdnet)'],
  ['/hoofdnet/leveringen', 'Overzicht van leveringen (Hoofdnet)'],
  ['/hoofdnet/uitval', 'Uitval (Hoofdnet)'],
  ['/hoofdnet/configs', 'Overzicht van configuraties (Hoofdnet)'],
  ['/zoeken', "Overzicht van alle scenario's"],
  ['/scenarios', "Overzicht van uw concept scenario's"],
  ['/waardenlijsten', 'Overzicht van alle waardenlijsten'],
  ['/termijnen', 'Termijnen'],
  ['/gebruikers', 'Overzicht van alle gebruikers'],
  ['/organisaties', 'Organisaties'],
  ['/clients', 'Systeemclients'],
  ['/auditlog', 'Auditlog'],
  ['/unauthorized', 'Niet toegestaan'],
];

/** Opens `path` and answers its browser-tab title once the screen shows `heading` as its one h1. */
async function titleOf(page: Page, path: string, heading: string): Promise<string> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(`${heading} – ${APP}`);
  return page.title();
}

/** The path and name of the first row link of the list on `path`. */
async function firstRow(page: Page, path: string, table: string): Promise<{ path: string; name: string }> {
  await page.goto(path);
  const link = page.getByRole('table', { name: table }).getByRole('link').first();
  await expect(link).toBeVisible();
  return { path: new URL((await link.getAttribute('href')) ?? '', page.url()).pathname, name: await link.innerText() };
}

test('every screen has its heading and a browser-tab title of its own; the Hoofdnet screens name their flow', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Before any login: the login's return page.
  await page.goto('/callback?code=x&state=y');
  await expect(page).toHaveTitle(`Inloggen – ${APP}`);

  await loginAs(page, 'beheer@knooppunt.example');
  const titles: string[] = [];
  for (const [path, heading] of SCREENS) titles.push(await titleOf(page, path, heading));

  // The detail screens are titled by what they show.
  const scenarios = page.getByRole('table', { name: "Overzicht van uw concept scenario's" });
  await page.goto('/scenarios');
  await expect(scenarios.getByRole('link').nth(1)).toBeVisible();
  const [first, second] = await scenarios
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .slice(0, 2)
        .map((link) => ({ path: new URL((link as HTMLAnchorElement).href).pathname, name: link.textContent ?? '' })),
    );
  titles.push(await titleOf(page, first!.path, first!.name));
  const secondId = second!.path.split('/').pop();
  await page.goto(`${first!.path}/compare/${secondId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.name);
  await expect(page).toHaveTitle(`${first!.name} – ${APP}`);

  const list = await firstRow(page, '/waardenlijsten', 'Overzicht van alle waardenlijsten');
  await page.goto(list.path);
  const listHeading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  expect(listHeading).not.toBe('Waardenlijst');
  await expect(page).toHaveTitle(`${listHeading} – ${APP}`);
  titles.push(await page.title());

  expect(new Set(titles).size, titles.join('\n')).toBe(titles.length);
});
