import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { requestToken } from '../support/clients';
import { connectOwnReceiver } from '../support/configs';
import { listTable, searchUntil } from '../support/lists';
import { newDeelnemer, newOpdrachtId } from '../support/participants-api';
import { loginAs, portalAccessToken } from '../support/portal';
import { startCallbackReceiver } from '../support/receiver';
import { expect, test } from '../support/test';

const TITLE = 'Uitval';
const ORDERS = 3;
/** The e2e server resends one message a batch, 2 s apart (playwright.config.ts): a job of these runs some 10 s. */
const ORDERS_OF_A_LONG_JOB = 6;
/** A job's result comes once its last batch has run, 2 s after the one before. */
const JOB_END_MS = 30_000;
/** The platform's own retry after a message's second failure comes 30 s later, less at most 20 %. */
const OWN_RETRY_AFTER_SECOND_FAILURE_MS = 24_000;

/**
 * A grid operator of the test's own, registered and given a system client through the REST calls
 * of Organisaties and Systeemclients, as the administrator signed in on `page`: the Uitval filter
 * on it as sender then shows this test's messages and no other's. Answers its name and a token.
 */
async function newGridOperator(page: Page): Promise<{ deelnemer: string; token: string }> {
  const deelnemer = newDeelnemer('BULKNB');
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const registered = await page.request.post('/rest/organisations', {
    headers,
    data: { organisatie: deelnemer, type: 'Netbeheerder' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const client = await page.request.post('/rest/clients', {
    headers,
    data: { organisatie: deelnemer, omschrijving: 'E2E alles opnieuw versturen' },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { client: issued, geheim } = (await client.json()) as { client: { clientId: string }; geheim: string };
  const token = await requestToken(page.request, issued.clientId, geheim);
  expect(token.status(), await token.text()).toBe(200);
  return { deelnemer, token: ((await token.json()) as { access_token: string }).access_token };
}

async function giveOrder(request: APIRequestContext, token: string, opdrachtnemer: string): Promise<string> {
  const opdrachtId = newOpdrachtId('BULK');
  const example = EXAMPLE_BERICHTEN.Opdracht;
  const response = await request.post('/api/v1/berichten', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...example, opdrachtId, data: { ...example.data, opdrachtnemer } },
  });
  expect(response.status(), await response.text()).toBe(202);
  return opdrachtId;
}

/**
 * 'Alles opnieuw versturen' on the screen: the dialog says `count`, 'Ja', and the job's progress
 * shows. With `axe` the dialog is checked for WCAG 2.1 A/AA too.
 */
async function startResend(page: Page, count: number, axe = false): Promise<void> {
  await page.getByRole('button', { name: 'Alles opnieuw versturen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alles opnieuw versturen' });
  await expect(dialog).toContainText(`${count} berichten opnieuw versturen?`);
  if (axe) await expectNoAxeViolations(page, "Uitval with 'Alles opnieuw versturen' asking");
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(dialog).toBeHidden();
  // The job's answer shows at once; its progress is asked again every second until it has ended.
  await expect(page.getByRole('progressbar', { name: 'Berichten opnieuw versturen' })).toBeVisible();
}

/** The job's result, once its last batch has run. */
async function resendResult(page: Page, count: number): Promise<Locator> {
  const result = page.getByRole('status').filter({ hasText: 'Opnieuw versturen klaar' });
  await expect(result).toContainText(`${count} berichten opnieuw verstuurd.`, { timeout: JOB_END_MS });
  return result;
}

/**
 * 'Alles opnieuw versturen' on the screen, and the job runs to its end; its result is closed. With
 * `axe` the dialog and the result are checked for WCAG 2.1 A/AA too.
 */
async function resendAll(page: Page, count: number, axe = false): Promise<void> {
  await startResend(page, count, axe);
  const result = await resendResult(page, count);
  if (axe) await expectNoAxeViolations(page, "Uitval with the result of 'Alles opnieuw versturen'");
  await result.getByRole('button', { name: 'Sluiten' }).click();
  await expect(result).toBeHidden();
}

/**
 * Signed in as the administrator: a receiver of the test's own, reached at `system`, and `orders`
 * orders for it from a grid operator of the test's own; then Uitval filtered on that sender, once
 * it shows them all. Answers the orders' ids and the list.
 */
async function failedOrders(
  page: Page,
  request: APIRequestContext,
  system: { origin: string },
  orders: number,
): Promise<{ ids: string[]; table: Locator }> {
  await loginAs(page, 'beheer@knooppunt.example', '/uitval');
  const receiver = newDeelnemer('BULK');
  await connectOwnReceiver(page, 'aansluiting', receiver, system.origin);
  const sender = await newGridOperator(page);
  const ids: string[] = [];
  for (let n = 0; n < orders; n++) ids.push(await giveOrder(request, sender.token, receiver));
  await page.goto(`/uitval?sender=${sender.deelnemer}`);
  const table = listTable(page, TITLE);
  const rows = table.getByRole('row').filter({ hasText: sender.deelnemer });
  await searchUntil(page, () => expect(rows).toHaveCount(orders, { timeout: 1000 }));
  return { ids, table };
}

test('Aansluiting: from Uitval filtered on a sender, every failed message is resent at once until the list is empty', async ({
  page,
  request,
}) => {
  // The receiver's own system answers 500 to every callback until it is put right.
  const system = await startCallbackReceiver({ failUntilRecovered: true });
  try {
    const { ids, table } = await failedOrders(page, request, system, ORDERS);
    // While the receiver still fails: all three go again at once and fail a second time.
    await resendAll(page, ORDERS, true);
    const callbacksOf = (opdrachtId: string, status: number) =>
      system.callbacks.filter((callback) => callback.body.opdrachtId === opdrachtId && callback.status === status);
    await expect
      .poll(() => Math.min(...ids.map((opdrachtId) => callbacksOf(opdrachtId, 500).length)))
      .toBeGreaterThanOrEqual(2);

    // Put right: one more 'Alles opnieuw versturen' delivers them, and the list empties.
    system.recover();
    await resendAll(page, ORDERS);
    await searchUntil(page, () => expect(table.getByText('Geen resultaten')).toBeVisible({ timeout: 1000 }));
    for (const opdrachtId of ids) {
      const [delivered] = callbacksOf(opdrachtId, 200);
      const lastFailure = Math.max(...callbacksOf(opdrachtId, 500).map((callback) => callback.at));
      // Delivered by the resend, not by the platform's own next try (24 s or more after a second failure).
      expect(delivered?.at ?? Infinity).toBeLessThan(lastFailure + OWN_RETRY_AFTER_SECOND_FAILURE_MS);
    }
  } finally {
    await system.close();
  }
});

test('Aansluiting: a resend still running shows again when Uitval is opened again, its button disabled until it has ended', async ({
  page,
  request,
}) => {
  const system = await startCallbackReceiver({ failUntilRecovered: true });
  try {
    await failedOrders(page, request, system, ORDERS_OF_A_LONG_JOB);
    await startResend(page, ORDERS_OF_A_LONG_JOB);
    const button = page.getByRole('button', { name: 'Alles opnieuw versturen' });
    const progress = page.getByRole('progressbar', { name: 'Berichten opnieuw versturen' });
    await expect(button).toBeDisabled();

    // Away through the menu, and back: the screen asks the server for the jobs that run.
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Leveringen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overzicht van leveringen' })).toBeVisible();
    await expect(progress).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(progress).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Berichten opnieuw versturen' })).toContainText(
      `van ${ORDERS_OF_A_LONG_JOB}`,
    );
    await expect(button).toBeDisabled();

    // It runs on to its end: the result, and the button offered again.
    await resendResult(page, ORDERS_OF_A_LONG_JOB);
    await expect(button).toBeEnabled();
    await expectNoAxeViolations(page, "Uitval opened again with the result of 'Alles opnieuw versturen'");
  } finally {
    await system.close();
  }
});
