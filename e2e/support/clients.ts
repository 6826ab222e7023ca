import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';

export const CLIENTS_TITLE = 'Systeemclients';

/** A token request of a participant's system: client credentials, id and secret in the Basic header. */
export function requestToken(request: APIRequestContext, clientId: string, secret: string): Promise<APIResponse> {
  const basic = Buffer.from(`${clientId}:${secret}`).toString('base64');
  return request.post('/oidc/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials' },
  });
}

/** The claims of a JWT access token (read, not verified: the server verifies it where it is used). */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function clientRow(page: Page, clientId: string): Locator {
  return page.getByRole('table', { name: CLIENTS_TITLE }).getByRole('row', { name: new RegExp(clientId) });
}

/** The show-once dialog after 'Nieuwe client' or 'Nieuw geheim': answers the client id and secret it shows, then closes it. */
export async function takeShownSecret(page: Page, title: string): Promise<{ clientId: string; secret: string }> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Bewaar het geheim nu: het wordt niet nog eens getoond.')).toBeVisible();
  const clientId = (await dialog.getByRole('textbox', { name: 'Client ID' }).textContent()) ?? '';
  const secret = (await dialog.getByRole('textbox', { name: 'Geheim' }).textContent()) ?? '';
  expect(clientId).not.toBe('');
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await expect(dialog.getByRole('textbox', { name: 'Token endpoint' })).toHaveText(
    `${new URL(page.url()).origin}/oidc/token`,
  );
  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  await expect(dialog).toBeHidden();
  return { clientId, secret };
}

/** 'Nieuwe client' with an omschrijving, for the organisation on screen. */
export async function createClient(page: Page, omschrijving: string): Promise<{ clientId: string; secret: string }> {
  await page.getByRole('button', { name: 'Nieuwe client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe systeemclient' });
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill(omschrijving);
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  return takeShownSecret(page, 'Client aangemaakt');
}
