import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import type { APIRequestContext, Page } from '@playwright/test';
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
 * 'Alles opnieuw versturen' on the screen: the dialog says `count`, 'Ja', and the job runs to its
 * end. With `axe` the dialog and the result are checked for WCAG 2.1 A/AA too.
 */
async function resendAll(page: Page, count: number, axe = false): Promise<void> {
  await page.getByRole('button', { name: 'Alles opnieuw versturen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alles opnieuw versturen' });
  await expect(dialog).toContainText(`${count} berichten opnieuw versturen?`);
  if (axe) await expectNoAxeViolations(page, "Uitval with 'Alles opnieuw versturen' asking");
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(dialog).toBeHidden();
  // The job's answer shows at once; its progress is asked again every second until it has ended.
  await expect(page.getByRole('progressbar', { name: 'Berichten opnieuw versturen' })).toBeVisible();
  const result = page.getByRole('status').filter({ hasText: 'Opnieuw versturen klaar' });
  await expect(result).toContainText(`${count} berichten opnieuw verstuurd.`);
  if (axe) await expectNoAxeViolations(page, "Uitval with the result of 'Alles opnieuw versturen'");
  await result.getByRole('button', { name: 'Sluiten' }).click();
  await expect(result).toBeHidden();
}

test('Aansluiting: from Uitval filtered on a sender, every failed message is resent at once until the list is empty', async ({
  page,
  request,
}) => {
  // The receiver's own system answers 500 to every callback until it is put right.
  const system = await startCallbackReceiver({ failUntilRecovered: true });
  try {
    await loginAs(page, 'beheer@knooppunt.example', '/uitval');
    const receiver = newDeelnemer('BULK');
    await connectOwnReceiver(page, 'aansluiting', receiver, system.origin);
    const sender = await newGridOperator(page);
    const ids: string[] = [];
    for (let n = 0; n < ORDERS; n++) ids.push(await giveOrder(request, sender.token, receiver));

    await page.goto(`/uitval?sender=${sender.deelnemer}`);
    const table = listTable(page, TITLE);
    const rows = table.getByRole('row').filter({ hasText: sender.deelnemer });
    await searchUntil(page, () => expect(rows).toHaveCount(ORDERS, { timeout: 1000 }));

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
