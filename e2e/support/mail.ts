import { expect } from '@playwright/test';
import type { CaughtMail } from './mail-catcher';

/** The mail catcher's list, on the port the Playwright config (loaded in every worker too) chose. */
const mailsUrl = () => `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 9182}/mails`;

async function caught(): Promise<CaughtMail[]> {
  const response = await fetch(mailsUrl());
  return (await response.json()) as CaughtMail[];
}

/** Waits until a mail to `to` whose subject matches arrived at the mail catcher; answers the newest. */
export async function waitForMail(to: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () =>
        (found = (await caught())
          .filter((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject))
          .at(-1)),
      { timeout: 20_000, message: `a mail to ${to} about ${String(subject)}` },
    )
    .toBeDefined();
  return found!;
}

/** How many mails went to `to` so far. */
export async function mailCount(to: string): Promise<number> {
  return (await caught()).filter((mail) => mail.to.includes(to.toLowerCase())).length;
}

/** The one-time set-password link in a mail's plain text. */
export function linkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+\/account\/wachtwoord\/[\w-]+/.exec(mail.text);
  expect(match, `a set-password link in: ${mail.text}`).not.toBeNull();
  return match![0];
}
