import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/db/schema';
import { verifyPassword } from '../src/idp/passwords';
import { FORGOT_PASSWORD_TEXTS } from '../src/idp/forgot-password';
import { LOGIN_TEXTS } from '../src/idp/login-page';
import { bearer, createTestApp, logCollector, tokenFor, type TestApp } from './helpers';
import { closedPort } from './support/local-server';
import { linkIn, startInbox, type Inbox } from './support/smtp';

const ADMIN = { roles: ['Beheer ziet alles', 'Gebruikers Beheren'], email: 'beheer@knooppunt.example' };
/** The outbox polls quickly and retries within a second, so a test sees a retry happen. */
const QUICK_MAIL = { mail: { pollMs: 100, retryScheduleMs: [300] } };

async function createUser(t: TestApp, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/users',
    headers: bearer(await tokenFor(t, ADMIN)),
    payload: { email, organisatie: 'Netbeheer_Noord', roles: ['Netbeheerder'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ userid: string }>();
}

async function setPasswordThrough(t: TestApp, link: string, password: string) {
  const path = new URL(link).pathname;
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  const set = await t.app.inject({ method: 'POST', url: path, payload: { password, repeat: password } });
  expect(set.statusCode, set.body).toBe(200);
}

describe('mail through a real SMTP server', () => {
  let inbox: Inbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startInbox();
    t = await createTestApp(
      { SMTP_URL: inbox.url, MAIL_FROM: 'Knooppunt <noreply@knooppunt.example>', ROLE: 'all' },
      QUICK_MAIL,
    );
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('mails a new user the invitation: Dutch, plain and HTML, with the one-time link that sets the password', async () => {
    const { userid } = await createUser(t, 'uitgenodigd@noord.example');
    const mail = await inbox.waitFor('uitgenodigd@noord.example', /Uw account voor Knooppunt beheer/);
    expect(mail.from?.value).toEqual([{ name: 'Knooppunt', address: 'noreply@knooppunt.example' }]);
    expect(mail.text).toContain('Er is een account voor u aangemaakt in Knooppunt beheer');
    expect(mail.text).toContain('7 dagen geldig');
    const link = linkIn(mail);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Wachtwoord instellen');

    await setPasswordThrough(t, link, 'een-goed-wachtwoord');
    const [user] = await t.app.db.select().from(users).where(eq(users.id, userid));
    expect(await verifyPassword('een-goed-wachtwoord', user!.passwordHash)).toBe(true);

    // Sent: the row keeps who and when, no longer the link.
    await expect
      .poll(
        async () =>
          (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'uitgenodigd@noord.example')))[0]
            ?.sent,
      )
      .toBeInstanceOf(Date);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'uitgenodigd@noord.example'));
    expect(row).toMatchObject({ kind: 'uitnodiging', attempts: 1, text: null, html: null, lastError: null });
    expect(row?.sent).toBeInstanceOf(Date);
    expect((await t.app.inject('/health')).json()).toEqual({
      status: 'ok',
      database: 'ok',
      mail: { status: 'ok', waiting: 0 },
    });
  });

  describe("'Wachtwoord vergeten?'", () => {
    it('is offered on the login page and asks for the e-mail address', async () => {
      const page = await t.app.inject('/account/wachtwoord-vergeten');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(FORGOT_PASSWORD_TEXTS.intro);
      expect(page.body).toContain('name="email"');
      expect(LOGIN_TEXTS.forgot).toBe('Wachtwoord vergeten?');
    });

    it('answers every address alike and mails a link only to an existing account', async () => {
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/account/wachtwoord-vergeten',
        payload: { email: 'niemand@nergens.example' },
      });
      const known = await t.app.inject({
        method: 'POST',
        url: '/account/wachtwoord-vergeten',
        payload: { email: 'Netbeheer@Noord.example' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(known.body).toContain(FORGOT_PASSWORD_TEXTS.sent);

      const mail = await inbox.waitFor('netbeheer@noord.example', /Nieuw wachtwoord voor Knooppunt beheer/);
      expect(mail.text).toContain('Heeft u dit niet gevraagd?');
      // The known address's mail went out after the unknown one was handled: that one got none.
      expect(inbox.mails.filter((m) => m.to && JSON.stringify(m.to).includes('niemand@nergens.example'))).toEqual([]);
      const resets = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'wachtwoord-herstel'));
      expect(resets.map((row) => row.recipient)).toEqual(['netbeheer@noord.example']);

      await setPasswordThrough(t, linkIn(mail), 'nieuw-wachtwoord-123');
      const [user] = await t.app.db.select().from(users).where(eq(users.email, 'netbeheer@noord.example'));
      expect(await verifyPassword('nieuw-wachtwoord-123', user!.passwordHash)).toBe(true);
    });

    it('refuses an empty or unusable address with the form again', async () => {
      const empty = await t.app.inject({ method: 'POST', url: '/account/wachtwoord-vergeten', payload: { email: '' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('name="email"');
      const nul = await t.app.inject({
        method: 'POST',
        url: '/account/wachtwoord-vergeten',
        payload: { email: 'a\u0000b@x.example' },
      });
      expect(nul.statusCode).toBe(400);
    });
  });
});

describe('the outbox while the SMTP server is down', () => {
  let t: TestApp;
  let inbox: Inbox | undefined;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, ROLE: 'all' }, QUICK_MAIL);
  });
  afterAll(async () => {
    await t.close();
    await inbox?.close();
  });

  it("loses no mail and never fails the user's request; it arrives once the server is back", async () => {
    await createUser(t, 'wacht@noord.example');
    // The first attempt failed and was recorded: the positive signal that sending was tried.
    await expect
      .poll(async () => {
        const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'wacht@noord.example'));
        return row?.lastError ?? null;
      })
      .not.toBeNull();
    const [waiting] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'wacht@noord.example'));
    expect(waiting).toMatchObject({ sent: null });
    expect(waiting?.text).toContain('/account/wachtwoord/');
    expect((await t.app.inject('/health')).json()).toMatchObject({ mail: { status: 'retrying', waiting: 1 } });
    const metrics = (await t.app.inject('/metrics')).body;
    expect(metrics).toMatch(/^knooppunt_mail_waiting 1$/m);
    expect(metrics).toMatch(/^knooppunt_mail_retrying 1$/m);

    inbox = await startInbox(port);
    const mail = await inbox.waitFor('wacht@noord.example', /Uw account/);
    expect(linkIn(mail)).toContain('/account/wachtwoord/');
    // The SMTP server has it; the outbox records so right after.
    const sentRow = async () =>
      (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'wacht@noord.example')))[0];
    await expect.poll(async () => (await sentRow())?.sent).toBeInstanceOf(Date);
    expect((await sentRow())?.attempts).toBeGreaterThanOrEqual(2);
    expect(inbox.mails).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  const log = logCollector();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => t.close());
  afterEach(() => void log.lines.splice(0));

  it('says at start-up and in /health that mail is off, and logs the link instead', async () => {
    const health = (await t.app.inject('/health')).json();
    expect(health).toEqual({ status: 'ok', database: 'ok', mail: { status: 'off', waiting: 0 } });
    await createUser(t, 'zonder-mail@noord.example');
    const line = log.lines.find((entry) => entry.email === 'zonder-mail@noord.example');
    expect(line?.setPasswordUrl).toMatch(/\/account\/wachtwoord\//);
    expect(await t.app.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe("'Wachtwoord vergeten?' is throttled like the login", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2', LOGIN_DELAY_AFTER_FAILURES: '100' });
  });
  afterAll(() => t.close());

  it('locks an address after the limit, with the login lock text and Retry-After', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/account/wachtwoord-vergeten',
        payload: { email: 'netbeheer@zuid.example' },
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const locked = await ask();
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(locked.body).toContain('Te veel aanvragen voor dit adres');
  });
});
