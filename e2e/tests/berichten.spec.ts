import { expect, test } from '../support/test';
import {
  DEMO_CALLBACK_SECRET,
  connectDemoReceiver,
  connectOwnReceiver,
  correctClientSecret,
  waitingReceiver,
} from '../support/configs';
import {
  cellOf,
  expectColumn,
  listTable,
  pagingButton,
  pagingLabel,
  searchUntil,
  searchUntilVisible,
  sortOn,
} from '../support/lists';
import { resendUntilBackedOff } from '../support/messages';
import { FAILS, newDeelnemer, newHoofdnetOpdracht, newOpdracht, newOpdrachten } from '../support/participants-api';
import { loginAs } from '../support/portal';
import { startCallbackReceiver } from '../support/receiver';

const TITLE = 'Overzicht van berichten';
const COLUMNS = [
  'Opdracht ID',
  'Versturende partij',
  'Ontvangende partij',
  'Berichttype',
  'Aangemaakt',
  'Mislukte pogingen',
  'Laatste poging',
  'Volgende poging',
  'Foutmelding',
  'Opties',
];

test('Aansluiting: the messages by next attempt, fifty per page, filtered on Enter, one opened in the panel', async ({
  page,
  request,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/berichten');
  const waits = await waitingReceiver(page, 'aansluiting', 'BERICHT');
  const ids: string[] = [];
  for (let i = 0; i < 51; i++) ids.push(await newOpdracht(request, waits, 'BERICHT'));
  await page.reload();
  const table = listTable(page, TITLE);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(COLUMNS);
  await expect(page.getByRole('columnheader', { name: 'Volgende poging' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText(/^1-50 van \d+$/)).toBeVisible();
  for (const name of ['Versturende partij', 'Ontvangende partij', 'Berichttype']) {
    await expect(page.getByRole('combobox', { name })).toHaveText('Alle');
  }

  const opdrachtId = ids[7] ?? '';
  await page.getByRole('textbox', { name: 'Opdracht ID' }).fill(opdrachtId);
  await page.getByRole('textbox', { name: 'Opdracht ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/berichten\\?opdrachtId=${opdrachtId}$`));
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(opdrachtId) });
  await expect(row).toContainText(`Netbeheer_Noord${waits}Opdracht`);
  // A waiting message has no error, so nothing to resend: its one button opens its panel.
  await expect(row.getByRole('button')).toHaveCount(1);
  await expect(row.getByRole('button', { name: `Opdracht ${opdrachtId}`, exact: true })).toBeVisible();

  const created = (await (await cellOf(table, row, 'Aangemaakt')).textContent()) ?? '';
  await row.click();
  const panel = page.getByRole('dialog', { name: `Opdracht ${opdrachtId}` });
  await expect(panel).toBeVisible();
  await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(600);
  // Above the message: not delivered yet, no failed attempt, its time as the list shows it (issue 29).
  const delivery = panel.getByRole('region', { name: 'Aflevering' });
  await expect(delivery).toContainText('Nog niet afgeleverd');
  await expect(delivery).toContainText('Mislukte pogingen0');
  await expect(delivery).toContainText(`Aangemaakt${created}`);
  const text = (await panel.locator('pre').textContent()) ?? '';
  expect(text).toContain(`\n  "opdrachtId": "${opdrachtId}",\n`);
  // Two spaces per level: the message's data one level deeper.
  expect(text).toContain(`\n    "opdrachtnemer": "${waits}",`);
  await panel.getByRole('button', { name: 'Sluiten' }).click();
  await expect(panel).toBeHidden();
});

for (const flow of ['aansluiting', 'hoofdnet'] as const) {
  const path = flow === 'hoofdnet' ? '/hoofdnet/berichten' : '/berichten';

  test(`${path}: sorted on creation, the other way round, and paged, all kept in the URL`, async ({
    page,
    request,
  }) => {
    await loginAs(page, 'beheer@knooppunt.example');
    const receiver = await waitingReceiver(page, flow, 'BERICHTEN');
    const ids = await newOpdrachten(request, receiver, 51, { flow, prefix: 'SORTEER' });

    await page.goto(`${path}?receiver=${receiver}`);
    const table = listTable(page, TITLE);
    await expect(pagingLabel(page, '1-50 van 51')).toBeVisible();
    await expectColumn(table, 'Opdracht ID', ids.slice(0, 50));

    await sortOn(table, 'Aangemaakt');
    await expect(page).toHaveURL(new RegExp(`${path}\\?receiver=${receiver}&sort=created&order=asc$`));
    await expect(table.getByRole('columnheader', { name: 'Aangemaakt' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('columnheader', { name: 'Volgende poging' })).not.toHaveAttribute('aria-sort');
    await sortOn(table, 'Aangemaakt');
    await expect(page).toHaveURL(/&sort=created&order=desc$/);
    await expect(table.getByRole('columnheader', { name: 'Aangemaakt' })).toHaveAttribute('aria-sort', 'descending');
    await expectColumn(table, 'Opdracht ID', ids.slice(1).reverse());

    await pagingButton(page, 'Volgende').click();
    await expect(page).toHaveURL(/&sort=created&order=desc&page=2$/);
    await expect(pagingLabel(page, '51-51 van 51')).toBeVisible();
    await expectColumn(table, 'Opdracht ID', ids.slice(0, 1));
    await page.reload();
    await expect(pagingLabel(page, '51-51 van 51')).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Aangemaakt' })).toHaveAttribute('aria-sort', 'descending');
  });
}

test('Aansluiting: errors only, with resend and a copy of the trace id on a failed message', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const failed = await newOpdracht(request, FAILS, 'MISLUKT');
  await loginAs(page, 'beheer@knooppunt.example', `/berichten?receiver=${FAILS}`);
  await page.getByRole('switch', { name: 'Alleen fouten' }).click();
  await expect(page).toHaveURL(new RegExp(`receiver=${FAILS}&failedAttempts=1$`));
  const row = listTable(page, TITLE).getByRole('row', { name: new RegExp(failed) });
  await searchUntilVisible(page, row);
  await expect(row).toContainText('Token ophalen mislukt');

  // Each row's options say which message they act on.
  await row.getByRole('button', { name: `Trace ID kopiëren: Opdracht ${failed}`, exact: true }).click();
  const traceId = await page.evaluate(() => navigator.clipboard.readText());
  expect(traceId).toMatch(/^[0-9a-f-]{36}$/);
  await row.click();
  await expect(page.getByRole('dialog', { name: `Opdracht ${failed}` })).toContainText(`"traceId": "${traceId}"`);
  await page.getByRole('button', { name: 'Sluiten' }).click();

  await row.getByRole('button', { name: `Opnieuw verzenden: Opdracht ${failed}`, exact: true }).click();
  await expect(page.getByText('Bericht succesvol bijgewerkt')).toBeVisible();
});

test("Aansluiting: once the receiver's client secret is put right, a resent message is delivered on the next refresh", async ({
  page,
  request,
}) => {
  const receiver = newDeelnemer('HERSTEL');
  await loginAs(page, 'beheer@knooppunt.example', '/berichten');
  // A new contractor was connected with a mistyped client secret: its token endpoint turns the platform away.
  await connectDemoReceiver(page, 'aansluiting', receiver, 'verkeerd-geheim');
  const opdrachtId = await newOpdracht(request, receiver, 'HERSTEL');
  await page.goto(`/berichten?opdrachtId=${opdrachtId}`);
  const table = listTable(page, TITLE);
  const row = table.getByRole('row', { name: new RegExp(opdrachtId) });
  await searchUntilVisible(page, row.filter({ hasText: 'Token ophalen mislukt' }));
  await resendUntilBackedOff(page, table, row, 'Bericht succesvol bijgewerkt');

  await correctClientSecret(page, 'aansluiting', receiver, DEMO_CALLBACK_SECRET);
  await page.goto(`/berichten?opdrachtId=${opdrachtId}`);
  await row.getByRole('button', { name: 'Opnieuw verzenden' }).click();
  await expect(page.getByText('Bericht succesvol bijgewerkt')).toBeVisible();
  // Delivered: no next attempt; the last error stays, its trace id to be copied, and it can be sent again.
  const nextAttempt = await cellOf(table, row, 'Volgende poging');
  await searchUntil(page, () => expect(nextAttempt).toHaveText('', { timeout: 1000 }));
  await expect(row.getByRole('button', { name: 'Opnieuw verzenden' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Trace ID kopiëren' })).toBeVisible();

  await page.goto(`/uitval?opdrachtId=${opdrachtId}`);
  await expect(listTable(page, 'Uitval').getByText('Geen resultaten')).toBeVisible();
  // The order was in error while its message failed; it is open again.
  await page.goto(`/opdrachten?opdrachtId=${opdrachtId}`);
  await expect(
    listTable(page, 'Overzicht van opdrachten').getByRole('row', { name: new RegExp(opdrachtId) }),
  ).toContainText('Opdracht verstrekt');
});

test('Aansluiting: a message delivered after a failure is resent after a confirmation, with the same Idempotency-Key', async ({
  page,
  request,
}) => {
  // The receiver's own system fails the first callback and takes every later one.
  const system = await startCallbackReceiver({ failFirst: 1 });
  try {
    const receiver = newDeelnemer('NOGMAALS');
    await loginAs(page, 'beheer@knooppunt.example', '/berichten');
    await connectOwnReceiver(page, 'aansluiting', receiver, system.origin);
    const opdrachtId = await newOpdracht(request, receiver, 'NOGMAALS');
    await page.goto(`/berichten?opdrachtId=${opdrachtId}`);
    const table = listTable(page, TITLE);
    const row = table.getByRole('row', { name: new RegExp(opdrachtId) });
    await searchUntilVisible(page, row.filter({ hasText: 'Afleveren mislukt' }));
    const resend = row.getByRole('button', { name: `Opnieuw verzenden: Opdracht ${opdrachtId}`, exact: true });
    // Still undelivered: sent at once, without a question.
    await resend.click();
    await expect(page.getByText('Bericht succesvol bijgewerkt')).toBeVisible();
    await expect.poll(() => system.callbacks.length).toBe(2);
    const nextAttempt = await cellOf(table, row, 'Volgende poging');
    await searchUntil(page, () => expect(nextAttempt).toHaveText('', { timeout: 1000 }));

    // Its panel says above the message that and when it was delivered, after the failed attempt
    // with its error, in the list's times (issue 29).
    const lastAttempt = (await (await cellOf(table, row, 'Laatste poging')).textContent()) ?? '';
    await row.getByRole('button', { name: `Opdracht ${opdrachtId}`, exact: true }).click();
    const panel = page.getByRole('dialog', { name: `Opdracht ${opdrachtId}` });
    const delivery = panel.getByRole('region', { name: 'Aflevering' });
    await expect(delivery).toContainText(/^AfleveringAfgeleverdAfgeleverd op\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    await expect(delivery).toContainText(`Laatste mislukte poging${lastAttempt}`);
    await expect(delivery).toContainText('Laatste foutmeldingAfleveren mislukt');
    await expect(delivery).not.toContainText('Volgende poging');
    await expect(panel.locator('pre')).toContainText(`"opdrachtId": "${opdrachtId}"`);
    await expect(panel.locator('pre')).not.toContainText('deliveredAt');
    await page.screenshot({ path: '/tmp/shots/e2e-berichten-panel.png' });
    await panel.getByRole('button', { name: 'Sluiten' }).click();
    await expect(panel).toBeHidden();

    // Delivered: the resend asks first; 'Nee' sends nothing.
    await resend.click();
    const question = page.getByRole('dialog', { name: 'Opnieuw verzenden' });
    await expect(question).toContainText(`Opdracht ${opdrachtId} is al afgeleverd. Opnieuw verzenden?`);
    await question.getByRole('button', { name: 'Nee' }).click();
    await expect(question).toBeHidden();
    await resend.click();
    await question.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Bericht succesvol bijgewerkt').last()).toBeVisible();

    // The receiver gets it a third time, with the same Idempotency-Key as before.
    await expect.poll(() => system.callbacks.length).toBe(3);
    const keys = system.callbacks.map((callback) => callback.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    expect(system.callbacks.map((callback) => callback.body.opdrachtId)).toEqual([opdrachtId, opdrachtId, opdrachtId]);
    // And it reads as delivered again.
    await searchUntil(page, () => expect(nextAttempt).toHaveText('', { timeout: 1000 }));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await system.close();
  }
});

test('Hoofdnet: only Hoofdnet messages, and the resend has the Hoofdnet success message', async ({ page, request }) => {
  const hoofdnet = await newHoofdnetOpdracht(request);
  const aansluiting = await newOpdracht(request, FAILS, 'NIETHOOFDNET');
  await loginAs(page, 'beheer@knooppunt.example', '/hoofdnet/berichten?failedAttempts=1');
  const table = listTable(page, TITLE);
  const row = table.getByRole('row', { name: new RegExp(hoofdnet) });
  await searchUntilVisible(page, row);
  await expect(row).toContainText('OpdrachtHoofdnet');
  await expect(table.getByRole('row', { name: new RegExp(aansluiting) })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Berichttype' }).click();
  await expect(page.getByRole('option', { name: 'Deellevering' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'TG', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Opnieuw verzenden' }).click();
  await expect(page.getByText('Hoofdnet bericht succesvol bijgewerkt')).toBeVisible();
});

test('a user without the monitoring right gets Niet toegestaan', async ({ page }) => {
  await loginAs(page, 'aannemer@alfa.example');
  for (const path of ['/berichten', '/hoofdnet/berichten']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
  }
});
