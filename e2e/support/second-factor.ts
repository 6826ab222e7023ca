import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/*
 * The test plays the authenticator app (decision 0054): it reads the key the enrolment page shows
 * for typing by hand and computes the app's codes from it, as the app does from the QR code.
 */

/** The code the app shows now for `secret` (base32), or within the next 30 seconds. */
export function appCode(secret: string, aheadSeconds = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + aheadSeconds * 1000,
  });
}

/**
 * On the enrolment page that follows the password of a user who must have a second factor:
 * enrols the app, keeps the recovery codes shown once and goes on into the portal. Answers the
 * app's secret and the recovery codes.
 */
export async function enrolSecondFactor(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Tweede stap instellen' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-code voor uw authenticator-app' })).toBeVisible();
  const secret = ((await page.locator('#secret').textContent()) ?? '').replaceAll(' ', '');
  await page.getByLabel('Code uit uw authenticator-app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Instellen' }).click();
  await expect(page.getByRole('heading', { name: 'Uw herstelcodes' })).toBeVisible();
  const recoveryCodes = (await page.locator('.codes code').allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'Ik heb de codes bewaard, verder' }).click();
  await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
  return { secret, recoveryCodes };
}
