import { VERSIENUMMER_AANSLUITING, urlGroups } from '@knooppunt/domain';
import { DEMO_CALLBACK_SECRET, connectDemoReceiver } from '../support/configs';
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
  await page.getByRole('combobox', { name: 'Actie' }).click();
  await page.getByRole('option', { name: 'Configuratie geactiveerd' }).click();
  await page.getByRole('textbox', { name: 'Onderwerp ID' }).fill(`${deelnemer}|${VERSIENUMMER_AANSLUITING}`);
  await page.getByRole('button', { name: 'Zoeken' }).click();

  const table = page.getByRole('table', { name: TITLE });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('beheer@knooppunt.example');
  await expect(rows.first()).toContainText('Configuratie geactiveerd');
  await expect(rows.first()).toContainText(`Configuratie ${deelnemer}|${VERSIENUMMER_AANSLUITING}`);
  await expect(page.getByText('1-1 van 1')).toBeVisible();

  await rows.first().locator('td').nth(2).click();
  const panel = page.getByRole('dialog', { name: `Configuratie geactiveerd ${deelnemer}|${VERSIENUMMER_AANSLUITING}` });
  await expect(panel).toBeVisible();
  const draft = panel.getByRole('table', { name: 'Wat er veranderde' }).getByRole('row', { name: /^draft / });
  await expect(draft).toHaveText(/draft\s*gewijzigd\s*true\s*false/);
  await expect(panel).not.toContainText(SECRET);

  // The creation before it: every field added, the secret only as whether it is set.
  await page.getByRole('button', { name: 'Sluiten' }).click();
  await page.getByRole('combobox', { name: 'Actie' }).click();
  await page.getByRole('option', { name: 'Configuratie toegevoegd' }).click();
  await expect(rows.first()).toContainText('Configuratie toegevoegd');
  await rows.first().locator('td').nth(2).click();
  const creation = page.getByRole('dialog', {
    name: `Configuratie toegevoegd ${deelnemer}|${VERSIENUMMER_AANSLUITING}`,
  });
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

test('at 1280 px Actie and Onderwerp show whole, and Wanneer takes only the width of its date and time', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A change with a long action and a long subject: the maximum of a new contractor's sender.
  await loginAs(page, 'beheer@knooppunt.example');
  const deelnemer = newDeelnemer('AUDITBREED');
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  await connectDemoReceiver(page, 'aansluiting', deelnemer, DEMO_CALLBACK_SECRET);
  const changed = await page.request.patch('/rest/management/message-sender', {
    headers,
    data: { deelnemer, versienummer: VERSIENUMMER_AANSLUITING, maxMessages: 2 },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.goto(`/auditlog?subjectId=${deelnemer}%7C${VERSIENUMMER_AANSLUITING}`);
  const table = page.getByRole('table', { name: TITLE });
  const row = table.getByRole('row', { name: /Maximaal aantal berichten gewijzigd/ });
  await expect(row).toBeVisible();
  const cells = row.locator('td');
  await expect(cells.nth(2)).toHaveText('Maximaal aantal berichten gewijzigd');
  await expect(cells.nth(3)).toHaveText(`Verzender ${deelnemer}|${VERSIENUMMER_AANSLUITING}`);
  // Nothing in those two cells is cut: every element shows its whole text.
  for (const cell of [cells.nth(2), cells.nth(3)]) {
    const cut = await cell.evaluate((element) =>
      [element, ...element.querySelectorAll('*')].some((child) => child.scrollWidth > child.clientWidth + 1),
    );
    expect(cut).toBe(false);
  }
  // The table fits the page, and Wanneer is no wider than its date and time need.
  const fits = await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0));
  expect(fits).toBe(true);
  const when = (await table.getByRole('columnheader', { name: 'Wanneer' }).boundingBox())!;
  const whole = (await table.boundingBox())!;
  expect(when.width / whole.width).toBeLessThan(0.16);
  await page.screenshot({ path: '/tmp/shots/e2e-auditlog.png' });
});
