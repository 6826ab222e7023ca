import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { activeRow, connectOwnReceiver } from '../support/configs';
import { newDeelnemer, newOpdracht } from '../support/participants-api';
import { loginAs } from '../support/portal';
import { startCallbackReceiver, type CallbackReceiver, type ReceivedCallback } from '../support/receiver';

/*
 * Signed deliveries (issue 32 item 5, decision 0061): in the configuration panel's 'Ondertekening'
 * a receiver gets a signing secret, shown once; every delivery to it then carries Standard Webhooks
 * signatures made with that secret, and after 'Nieuw geheim' with both for the grace period.
 */

/** The Standard Webhooks signature of a callback with a secret, computed as the specification says. */
function signatureWith(secret: string, callback: ReceivedCallback): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const content = `${String(callback.headers['webhook-id'])}.${String(callback.headers['webhook-timestamp'])}.${callback.rawBody}`;
  return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
}

/** A new order to the receiver, and the callback that delivered it. */
async function deliveredOrder(page: Page, system: CallbackReceiver, deelnemer: string, prefix: string) {
  const opdrachtId = await newOpdracht(page.request, deelnemer, prefix);
  await expect.poll(() => system.callbacks.some((callback) => callback.body.opdrachtId === opdrachtId)).toBe(true);
  return system.callbacks.find((callback) => callback.body.opdrachtId === opdrachtId)!;
}

/** Workers read the signing secrets once a second: a new one signs from then on. */
const SECRETS_READ_AGAIN_MS = 1500;

test("a receiver's signing secret is made and replaced in the configuration panel, shown once, and signs its deliveries", async ({
  page,
}) => {
  const system = await startCallbackReceiver();
  try {
    await loginAs(page, 'beheer@knooppunt.example', '/configs');
    const deelnemer = newDeelnemer('Getekend');
    await connectOwnReceiver(page, 'aansluiting', deelnemer, system.origin);
    await page.goto(`/configs?deelnemer=${deelnemer}`);
    await activeRow(page, deelnemer).click();
    const panel = page.getByRole('dialog', { name: `${deelnemer} 2.0` });
    const section = panel.getByRole('region', { name: 'Ondertekening' });
    await expect(section).toContainText('Nog geen geheim: berichten gaan zonder handtekening.');

    // Without a secret a delivery is as it always was: the token, no signature.
    const unsigned = await deliveredOrder(page, system, deelnemer, 'ONGETEKEND');
    expect(unsigned.headers.authorization).toBe('Bearer e2e-ontvanger-token');
    expect(unsigned.headers['webhook-signature']).toBeUndefined();

    await section.getByRole('button', { name: 'Geheim aanmaken' }).click();
    const confirm = page.getByRole('dialog', { name: 'Geheim aanmaken' });
    await expect(confirm).toContainText(`Er komt een ondertekeningsgeheim voor ${deelnemer} 2.0. U ziet het één keer`);
    await confirm.getByRole('button', { name: 'Aanmaken' }).click();
    const created = page.getByRole('dialog', { name: 'Ondertekeningsgeheim aangemaakt' });
    const createdValue = created.getByRole('textbox', { name: `Ondertekeningsgeheim ${deelnemer} 2.0` });
    await expect(createdValue).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const first = (await createdValue.textContent()) ?? '';
    await expect(created).toContainText('Bewaar het geheim nu: het wordt niet nog eens getoond.');
    await expect(created.getByRole('button', { name: `Ondertekeningsgeheim ${deelnemer} 2.0 kopiëren` })).toBeVisible();
    await expectNoAxeViolations(page, "'Ondertekeningsgeheim aangemaakt'");
    await page.screenshot({ path: '/tmp/webhook-secret-dialog.png' });
    // A click beside the dialog does not throw the secret away.
    await page.mouse.click(5, 5);
    await expect(created).toBeVisible();
    await created.getByRole('button', { name: 'Sluiten' }).click();
    await expect(created).toBeHidden();

    // Shown once: the panel now says since when, and nowhere the secret.
    await expect(section).toContainText('Geheim sinds');
    expect(await page.content()).not.toContain(first.slice('whsec_'.length));
    await expectNoAxeViolations(page, "the configuration panel's 'Ondertekening'");
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: '/tmp/webhook-secret-section.png' });

    await page.waitForTimeout(SECRETS_READ_AGAIN_MS);
    const signed = await deliveredOrder(page, system, deelnemer, 'GETEKEND');
    expect(signed.headers['webhook-id']).toBe(signed.body.id);
    expect(Math.abs(Number(signed.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(signed.headers['webhook-signature']).toBe(signatureWith(first, signed));
    expect(signed.headers.authorization).toBe('Bearer e2e-ontvanger-token');

    await section.getByRole('button', { name: 'Nieuw geheim' }).click();
    const rotate = page.getByRole('dialog', { name: 'Nieuw geheim' });
    await expect(rotate).toContainText('Het huidige geheim ondertekent nog 24 uur mee');
    await rotate.getByRole('button', { name: 'Nieuw geheim maken' }).click();
    const rotated = page.getByRole('dialog', { name: 'Nieuw ondertekeningsgeheim aangemaakt' });
    const second =
      (await rotated.getByRole('textbox', { name: `Ondertekeningsgeheim ${deelnemer} 2.0` }).textContent()) ?? '';
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await rotated.getByRole('button', { name: 'Sluiten' }).click();
    await expect(section).toContainText('Vorig geheim ondertekent mee tot');
    await section.screenshot({ path: '/tmp/webhook-secret-section-rotated.png' });

    // For the grace period both sign: a receiver with either secret accepts the delivery.
    await page.waitForTimeout(SECRETS_READ_AGAIN_MS);
    const both = await deliveredOrder(page, system, deelnemer, 'BEIDE');
    expect(String(both.headers['webhook-signature']).split(' ').sort()).toEqual(
      [signatureWith(first, both), signatureWith(second, both)].sort(),
    );
  } finally {
    await system.close();
  }
});
