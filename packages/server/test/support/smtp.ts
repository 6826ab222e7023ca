import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { createMailer } from '../../src/mail/outbox';

export interface Inbox {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  port: number;
  /** Every mail the server accepted, parsed, in order of arrival. */
  mails: ParsedMail[];
  /** Waits (polling, up to `timeoutMs`) until a mail to `to` arrived whose subject matches; answers it. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export interface InboxOptions {
  /**
   * Runs when a mail's data has arrived, before the server answers: the answer waits for it (a slow
   * server, or one the test holds), and a rejection refuses the mail with its message.
   */
  beforeAnswer?: (mail: ParsedMail) => Promise<void>;
}

/**
 * A real SMTP server in this process (smtp-server), on 127.0.0.1 at `port` (a free one by default),
 * accepting every mail without authentication or TLS, and parsing what it receives with mailparser:
 * the mail tests read exactly what a mail client would. `mails` holds the mails it accepted.
 */
export async function startInbox(port = 0, { beforeAnswer }: InboxOptions = {}): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await beforeAnswer?.(mail);
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  const recipients = (mail: ParsedMail) =>
    [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    mails,
    async waitFor(to, subject, timeoutMs = 10_000) {
      let found: ParsedMail | undefined;
      await expect
        .poll(
          () =>
            (found = mails.find(
              (mail) => recipients(mail).includes(to.toLowerCase()) && (!subject || subject.test(mail.subject ?? '')),
            )),
          { timeout: timeoutMs, interval: 50 },
        )
        .toBeDefined();
      return found!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one-time link a mail carries (the set-password page), from its plain text. */
export function linkIn(mail: ParsedMail): string {
  const match = /https?:\/\/\S+\/account\/wachtwoord\/[\w-]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no set-password link in: ${mail.text}`);
  return match[0];
}

/**
 * A real SMTP server and a started mail outbox on `db` sending to it (polling every 50 ms); `close`
 * stops both. For tests of what the platform mails.
 */
export async function outboxToInbox(
  db: Database,
): Promise<{ inbox: Inbox; mailer: ReturnType<typeof createMailer>; close(): Promise<void> }> {
  const inbox = await startInbox();
  const mailer = createMailer({
    db,
    smtp: { url: inbox.url, from: 'Knooppunt <noreply@knooppunt.example>' },
    log: { info: () => {}, warn: () => {}, error: () => {} },
    pollMs: 50,
  });
  mailer.start();
  return {
    inbox,
    mailer,
    async close() {
      await mailer.stop();
      await inbox.close();
    },
  };
}
