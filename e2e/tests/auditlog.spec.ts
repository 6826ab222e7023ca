import { VERSIENUMMER_AANSLUITING, urlGroups } from '@knooppunt/domain';
import { newDeelnemer } from '../support/participants-api';
import { loginAs, menuPaths, portalAccessToken } from '../support/portal';
import { expect, test } from '../support/test';

const TITLE = 'Auditlog';
const SECRET = 'geheim-van-de-auditlog-test';

test('the super role filters the Auditlog on a user and an action and opens a change: before and after, no secret', async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example');
  // A change to find: a new contractor's configuration, created as a draft and then activated.
  const deelnemer = newDeelnemer('AUDIT');
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const registered = await page.request.post('/rest/organisations', {
    headers,
    data: { organisatie: deelnemer, type: 'Aannemer' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const key = { deelnemer, versienummer: VERSIENUMMER_AANSLUITING };
  const urls = urlGroups('aansluiting').opdrachtnemer.map((type) => [type, `https://ontvanger.example/${type}`]);
  const config = { clientId: 'audit', clientSecret: SECRET, tokenUrl: 'https://ontvanger.example/token' };
  const created = await page.request.post('/rest/management/config', {
    headers,
    data: { ...key, config: { ...config, urls: Object.fromEntries(urls) } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const activated = await page.request.patch('/rest/management/config', { headers, data: key });
  expect(activated.status(), await activated.text()).toBe(200);

  expect(await menuPaths(page)).toContain('/auditlog');
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('textbox', { name: 'Gebruiker' }).fill('beheer@knooppunt.example');
  await page.getByRole('textbox', { name: 'Actie' }).fill('config.activate');
  await page.getByRole('textbox', { name: 'Onderwerp ID' }).fill(`${deelnemer}|${VERSIENUMMER_AANSLUITING}`);
  await page.getByRole('button', { name: 'Zoeken' }).click();

  const table = page.getByRole('table', { name: TITLE });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('beheer@knooppunt.example');
  await expect(rows.first()).toContainText('config.activate');
  await expect(page.getByText('1-1 van 1')).toBeVisible();

  await rows.first().locator('td').nth(2).click();
  const panel = page.getByRole('dialog', { name: `config.activate ${deelnemer}|${VERSIENUMMER_AANSLUITING}` });
  await expect(panel).toBeVisible();
  const draft = panel.getByRole('table', { name: 'Wat er veranderde' }).getByRole('row', { name: /^draft / });
  await expect(draft).toHaveText(/draft\s*gewijzigd\s*true\s*false/);
  await expect(panel).not.toContainText(SECRET);

  // The creation before it: every field added, the secret only as whether it is set.
  await page.getByRole('button', { name: 'Sluiten' }).click();
  await page.getByRole('textbox', { name: 'Actie' }).fill('config.create');
  await page.keyboard.press('Enter');
  await expect(rows.first()).toContainText('config.create');
  await rows.first().locator('td').nth(2).click();
  const creation = page.getByRole('dialog', { name: `config.create ${deelnemer}|${VERSIENUMMER_AANSLUITING}` });
  await expect(creation.getByRole('row', { name: /^config\.clientId toegevoegd/ })).toHaveText(
    /config\.clientId\s*toegevoegd\s*\(geen\)\s*audit/,
  );
  await expect(creation.getByRole('row', { name: /^config\.clientSecretSet / })).toHaveText(/toegevoegd.*true/);
  await expect(creation).not.toContainText(SECRET);
});

test('a participant has no Auditlog in the menu, and /auditlog is not allowed', async ({ page }) => {
  await loginAs(page, 'netbeheer@noord.example');
  const paths = await menuPaths(page);
  expect(paths).toContain('/configs');
  expect(paths).not.toContain('/auditlog');

  await page.goto('/auditlog');
  await expect(page.getByRole('heading', { name: 'Niet toegestaan' })).toBeVisible();
  await expect(page.getByRole('table', { name: TITLE })).toHaveCount(0);
});
