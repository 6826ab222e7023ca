import { LATENCY_BUCKET_COUNT } from '@knooppunt/domain';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import {
  configurations,
  deliveryAlerts,
  deliveryMinutes,
  mailOutbox,
  messages,
  orderHeads,
  senders,
} from '../src/db/schema';
import { loadConfig } from '../src/config';
import { createSecretCipher } from '../src/secrets/cipher';
import { createTestApp } from './helpers';
import { createDeliveryAlerts, type AlertRules, type DeliveryAlertsOptions } from '../src/delivery/alerts';
import { createDeliveryCounters } from '../src/delivery/counters';
import { dutchDuration, dutchMoment } from '../src/mail/templates';
import {
  eventually,
  seedReceiver,
  submit,
  useDeliveryResources,
  VERSIENUMMER,
  type DeliveryFixture,
} from './support/delivery';
import { outboxToInbox, startInbox, type Inbox } from './support/smtp';

const { fixture, receiver } = useDeliveryResources();
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const PORTAL = 'https://knooppunt.example';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** A real SMTP server and the outbox sending to it, closed after the test. */
async function mailTo(f: DeliveryFixture) {
  const outbox = await outboxToInbox(f.db);
  cleanup.push(outbox.close);
  return outbox;
}

async function withAddresses(db: Database, deelnemer: string, emails: string[]) {
  await db.update(configurations).set({ emails }).where(eq(configurations.deelnemer, deelnemer));
}

/** The next attempt of a receiver's failed messages is due now (instead of after the backoff). */
async function retryNow(f: DeliveryFixture, deelnemer: string) {
  await f.db
    .update(messages)
    .set({ nextAttempt: sql`now()` })
    .where(eq(messages.receiver, deelnemer));
  await f.db
    .update(orderHeads)
    .set({ due: sql`now()` })
    .where(eq(orderHeads.receiver, deelnemer));
  f.wakeup.signal();
}

async function attemptsOf(db: Database, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row?.failedAttempts;
}

const mailsTo = (inbox: Inbox, to: string) =>
  inbox.mails.filter((mail) => [mail.to ?? []].flat().some((a) => a.value.some((v) => v.address === to)));
const outboxRowsTo = async (db: Database, to: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).length;
const textOf = (mail: ParsedMail) => (mail.text ?? '').replace(/\s+/g, ' ');

const RULES: AlertRules = { failedAttempts: 2, silenceMs: 60_000, repeatMs: 60 * 60_000 };

/** The alert evaluation on a fixture's database, sending through `mailer`; the test evaluates (its timer waits an hour). */
const alertsOf = (
  db: Database,
  mailer: DeliveryAlertsOptions['mailer'],
  options: Partial<Omit<DeliveryAlertsOptions, 'db' | 'mailer'>> = {},
) => createDeliveryAlerts({ db, mailer, publicUrl: PORTAL, rules: RULES, log: quiet, checkMs: 3_600_000, ...options });

describe('delivery alerts by e-mail', { timeout: 90_000 }, () => {
  it('mails once when a receiver fails, not again within the repeat window, a reminder after it, and once on recovery', async () => {
    const f = await fixture();
    const { inbox, mailer } = await mailTo(f);
    let alfaStatus = 500;
    const alfa = await receiver({ status: () => alfaStatus });
    const beta = await receiver({ status: () => 500 });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Beta', origin: beta.origin });
    await withAddresses(f.db, 'Aannemer_Alfa', ['storing@alfa.example', 'beheer@alfa.example']);
    await withAddresses(f.db, 'Aannemer_Beta', ['storing@beta.example']);
    let clockOffset = 0;
    const counters = createDeliveryCounters({ db: f.db, log: quiet, flushMs: 100 });
    const alerts = alertsOf(f.db, mailer, { counters, now: () => Date.now() + clockOffset });
    const a1 = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    f.startWorker({ pollIntervalMs: 50, counters });

    // One failed attempt: evaluated, below the threshold, nothing opened.
    await eventually(async () => expect(await attemptsOf(f.db, a1)).toBe(1));
    const first = await alerts.evaluate();
    expect(first).toMatchObject({ skipped: false, looked: 2, opened: [], mails: 0 });

    // The second: down. One mail to each address of its active configuration.
    await retryNow(f, 'Aannemer_Alfa');
    await eventually(async () => expect(await attemptsOf(f.db, a1)).toBe(2));
    const down = await alerts.evaluate();
    expect(down).toMatchObject({ opened: ['Aannemer_Alfa|2.0'], mails: 2 });
    const mail = await inbox.waitFor('storing@alfa.example', /Aannemer_Alfa/);
    await inbox.waitFor('beheer@alfa.example', /Aannemer_Alfa/);
    const [failed] = await f.db.select().from(messages).where(eq(messages.id, a1));
    const traceId = alfa.callbacks.at(-1)!.headers['x-trace-id'] as string;
    expect(failed?.err?.traceId).toBe(traceId);
    expect(mail.subject).toBe('Knooppunt: Berichten aan Aannemer_Alfa worden niet afgeleverd');
    const text = textOf(mail);
    expect(text).toContain('Berichten aan Aannemer_Alfa (Aansluiting, versie 2.0) worden sinds ');
    expect(text).toContain('Een bericht is 2 keer of vaker zonder succes aangeboden.');
    expect(text).toContain('Wachtende berichten: 2.');
    expect(text).toContain(
      `Laatste fout: Afleveren mislukt: de ontvanger antwoordde met HTTP 500 Internal Server Error (trace-id ${traceId}).`,
    );
    expect(text).toContain(`${PORTAL}/uitval?receiver=Aannemer_Alfa`);
    expect(mail.html).toContain(`href="${PORTAL}/uitval?receiver=Aannemer_Alfa"`);
    const [opened] = await f.db.select().from(deliveryAlerts);
    expect(opened).toMatchObject({
      receiver: 'Aannemer_Alfa',
      versienummer: VERSIENUMMER,
      reason: 'failures',
      lastError: 'Afleveren mislukt: de ontvanger antwoordde met HTTP 500 Internal Server Error',
      lastTraceId: traceId,
      recoveredAt: null,
    });
    expect(opened?.alertedAt).not.toBeNull();
    expect(opened?.downSince.getTime()).toBe(failed?.created.getTime());

    // Beta goes down too: the next evaluation mails about Beta, and nothing more about Alfa.
    const b1 = await submit(f.db, { receiver: 'Aannemer_Beta', opdrachtId: 'B-1' });
    f.wakeup.signal();
    await eventually(async () => expect(await attemptsOf(f.db, b1)).toBe(1));
    await retryNow(f, 'Aannemer_Beta');
    await eventually(async () => expect(await attemptsOf(f.db, b1)).toBe(2));
    const within = await alerts.evaluate();
    expect(within).toMatchObject({ opened: ['Aannemer_Beta|2.0'], reminded: [], mails: 1 });
    await inbox.waitFor('storing@beta.example', /Aannemer_Beta/);
    expect(await outboxRowsTo(f.db, 'storing@alfa.example')).toBe(1);
    expect(mailsTo(inbox, 'storing@alfa.example')).toHaveLength(1);

    // Past the repeat window, still down: a reminder to each.
    clockOffset = RULES.repeatMs + 1000;
    const later = await alerts.evaluate();
    expect(later.reminded.sort()).toEqual(['Aannemer_Alfa|2.0', 'Aannemer_Beta|2.0']);
    const reminder = await inbox.waitFor('storing@alfa.example', /Nog steeds/);
    expect(reminder.subject).toBe('Knooppunt: Nog steeds: berichten aan Aannemer_Alfa worden niet afgeleverd');
    expect(textOf(reminder)).toContain(', en dat is nog steeds zo.');

    // Alfa accepts again: its messages are delivered, one recovery mail to each address.
    alfaStatus = 200;
    await retryNow(f, 'Aannemer_Alfa');
    await eventually(async () => {
      const rows = await f.db.select().from(messages).where(eq(messages.receiver, 'Aannemer_Alfa'));
      expect(rows.every((row) => row.deliveredAt !== null)).toBe(true);
    });
    const recovered = await alerts.evaluate();
    expect(recovered).toMatchObject({ recovered: ['Aannemer_Alfa|2.0'], opened: [], reminded: [], mails: 2 });
    const back = await inbox.waitFor('storing@alfa.example', /weer afgeleverd/);
    expect(back.subject).toBe('Knooppunt: Berichten aan Aannemer_Alfa worden weer afgeleverd');
    expect(textOf(back)).toContain('Berichten aan Aannemer_Alfa (Aansluiting, versie 2.0) worden weer afgeleverd.');
    expect(textOf(back)).toMatch(/De storing duurde 1 uur(?: en 1 minuut)?, sinds \d+ \w+ \d{4} om \d{2}:\d{2}\./);
    expect(textOf(back)).toContain('Sindsdien zijn 2 berichten afgeleverd.');
    const [closed] = await f.db.select().from(deliveryAlerts).where(eq(deliveryAlerts.receiver, 'Aannemer_Alfa'));
    expect(closed?.recoveredAt).not.toBeNull();

    // Evaluated again (Beta still down, looked at): nothing more to Alfa.
    const after = await alerts.evaluate();
    expect(after).toMatchObject({ looked: 2, opened: [], recovered: [], mails: 0 });
    expect(await outboxRowsTo(f.db, 'storing@alfa.example')).toBe(3);
  });

  it('the silence rule: messages wait and nothing was delivered for the silence time; paused and addressless receivers', async () => {
    const f = await fixture(30_000);
    const { inbox, mailer } = await mailTo(f);
    // Never answers: no failed attempt within the test, only silence.
    const hanging = await receiver({ status: () => undefined });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: hanging.origin });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Gamma', origin: hanging.origin, running: false });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Delta', origin: hanging.origin });
    await withAddresses(f.db, 'Aannemer_Alfa', ['storing@alfa.example']);
    await withAddresses(f.db, 'Aannemer_Gamma', ['storing@gamma.example']);
    for (const deelnemer of ['Aannemer_Alfa', 'Aannemer_Gamma', 'Aannemer_Delta']) {
      await submit(f.db, { receiver: deelnemer, opdrachtId: `${deelnemer}-1` });
    }
    let clockOffset = 0;
    const alerts = alertsOf(f.db, mailer, { now: () => Date.now() + clockOffset });
    f.startWorker({ pollIntervalMs: 50, leaseMs: 60_000 });
    await eventually(() => expect(hanging.callbacks).toHaveLength(2));

    // Just accepted: waiting, but not for a minute yet.
    expect(await alerts.evaluate()).toMatchObject({ looked: 3, opened: [], mails: 0 });

    // Two minutes on: Alfa and Delta are silent; Gamma is paused and stays quiet.
    clockOffset = 2 * 60_000;
    const silent = await alerts.evaluate();
    expect(silent.opened.sort()).toEqual(['Aannemer_Alfa|2.0', 'Aannemer_Delta|2.0']);
    expect(silent.mails).toBe(1);
    const mail = await inbox.waitFor('storing@alfa.example');
    expect(textOf(mail)).toContain('Er is een minuut of langer niets afgeleverd terwijl er berichten wachten.');
    expect(textOf(mail)).toContain('Er is geen foutmelding: de ontvanger gaf nog geen antwoord.');
    expect(textOf(mail)).toContain('Wachtende berichten: 1.');
    const rows = await f.db.select().from(deliveryAlerts).orderBy(deliveryAlerts.receiver);
    expect(rows.map((row) => [row.receiver, row.reason, row.alertedAt !== null])).toEqual([
      ['Aannemer_Alfa', 'silence', true],
      // No addresses: no mail, the state is kept all the same.
      ['Aannemer_Delta', 'silence', false],
    ]);
    expect(await outboxRowsTo(f.db, 'storing@gamma.example')).toBe(0);
  });

  it('a silent receiver that delivered within the silence time is not down', async () => {
    const f = await fixture();
    const { mailer } = await mailTo(f);
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    await withAddresses(f.db, 'Aannemer_Alfa', ['storing@alfa.example']);
    const counters = createDeliveryCounters({ db: f.db, log: quiet, flushMs: 100 });
    f.startWorker({ pollIntervalMs: 50, counters });
    const sent = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, sent));
      expect(row?.deliveredAt).not.toBeNull();
    });
    // A message that waits since an hour ago, kept from being sent: its sender paused, then at 0 slots.
    await f.db.update(senders).set({ running: false });
    const waiting = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-2' });
    await f.db
      .update(messages)
      .set({ created: sql`now() - interval '1 hour'` })
      .where(eq(messages.id, waiting));
    await f.db.update(senders).set({ running: true, maxMessages: 0 });
    const alerts = alertsOf(f.db, mailer, { counters });
    // maxMessages 0 counts as paused: nothing.
    expect(await alerts.evaluate()).toMatchObject({ looked: 1, opened: [] });
    await f.db.update(senders).set({ maxMessages: 5 });
    await f.db
      .update(orderHeads)
      .set({ due: sql`'infinity'` })
      .where(eq(orderHeads.messageId, waiting));
    // Running, a message waiting an hour, but a delivery less than a minute ago: not silent.
    expect(await alerts.evaluate()).toMatchObject({ looked: 1, opened: [] });
    expect(await f.db.$count(deliveryAlerts)).toBe(0);

    // Another worker's deliveries count through the table: without this process's own, a counted
    // minute two minutes ago keeps it up with a silence time of three minutes, not of one.
    await f.db.delete(deliveryMinutes);
    await f.db.execute(
      sql`insert into delivery_minutes (receiver, versienummer, minute, delivered, failed, latency)
          values ('Aannemer_Alfa', '2.0', date_trunc('minute', now()) - interval '2 minutes', 1, 0,
                  array_fill(0, array[${LATENCY_BUCKET_COUNT}::int]))`,
    );
    const elsewhere = (silenceMs: number) => alertsOf(f.db, mailer, { rules: { ...RULES, silenceMs } });
    expect(await elsewhere(3 * 60_000).evaluate()).toMatchObject({ looked: 1, opened: [] });
    expect(await elsewhere(60_000).evaluate()).toMatchObject({ looked: 1, opened: ['Aannemer_Alfa|2.0'] });
    const [alert] = await f.db.select().from(deliveryAlerts);
    expect(alert?.reason).toBe('silence');
  });

  it('keeps one open alert per receiver configuration when two evaluations race', async () => {
    const f = await fixture();
    const { inbox, mailer } = await mailTo(f);
    const failing = await receiver({ status: () => 500 });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: failing.origin });
    await withAddresses(f.db, 'Aannemer_Alfa', ['storing@alfa.example']);
    const id = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'A-1' });
    f.startWorker({ pollIntervalMs: 50 });
    await eventually(async () => expect(await attemptsOf(f.db, id)).toBe(1));
    const rules = { ...RULES, failedAttempts: 1 };
    const one = alertsOf(f.db, mailer, { rules });
    const two = alertsOf(f.db, mailer, { rules });

    const results = await Promise.all([one.evaluate(), two.evaluate(), one.evaluate(), two.evaluate()]);
    expect(results.flatMap((result) => result.opened)).toEqual(['Aannemer_Alfa|2.0']);
    expect(results.reduce((sum, result) => sum + result.mails, 0)).toBe(1);
    await inbox.waitFor('storing@alfa.example');
    expect(await f.db.$count(deliveryAlerts)).toBe(1);
    expect(await outboxRowsTo(f.db, 'storing@alfa.example')).toBe(1);
    // And the database holds to it: a second open alert for the same configuration is refused.
    await expect(
      f.db
        .insert(deliveryAlerts)
        .values({ receiver: 'Aannemer_Alfa', versienummer: VERSIENUMMER, downSince: new Date(), reason: 'failures' }),
    ).rejects.toThrow();
  });
});

describe('alert settings', () => {
  it('reads ALERT_* with their defaults and refuses what is not a positive whole number, naming the variable', () => {
    expect(loadConfig({}).alerts).toEqual({
      failedAttempts: 3,
      silenceMinutes: 10,
      repeatMinutes: 60,
      checkSeconds: 30,
    });
    expect(
      loadConfig({
        ALERT_FAILED_ATTEMPTS: '5',
        ALERT_SILENCE_MINUTES: '2',
        ALERT_REPEAT_MINUTES: '15',
        ALERT_CHECK_SECONDS: '10',
      }).alerts,
    ).toEqual({ failedAttempts: 5, silenceMinutes: 2, repeatMinutes: 15, checkSeconds: 10 });
    for (const [name, value] of [
      ['ALERT_FAILED_ATTEMPTS', '0'],
      ['ALERT_SILENCE_MINUTES', '1.5'],
      ['ALERT_REPEAT_MINUTES', 'uur'],
      ['ALERT_CHECK_SECONDS', '-1'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration: ${name}: `));
    }
  });
});

describe('alerts in the application', { timeout: 60_000 }, () => {
  it("the worker role evaluates on its own timer and mails through the app's outbox, with the Hoofdnet link", async () => {
    const inbox = await startInbox();
    cleanup.push(inbox.close);
    const failing = await receiver({ status: () => 503 });
    const t = await createTestApp(
      {
        ROLE: 'all',
        DEMO: '0',
        ALLOW_PRIVATE_TARGETS: '1',
        SMTP_URL: inbox.url,
        PUBLIC_URL: PORTAL,
        ALERT_FAILED_ATTEMPTS: '1',
        ALERT_CHECK_SECONDS: '1',
      },
      { mail: { pollMs: 50 } },
    );
    cleanup.push(t.close);
    const cipher = createSecretCipher(Buffer.from(t.config.secretKey!, 'base64'));
    await seedReceiver(t.app.db, cipher, {
      deelnemer: 'Aannemer_Alfa',
      origin: failing.origin,
      versienummer: 'h1.0',
      types: ['OpdrachtHoofdnet'],
    });
    await withAddresses(t.app.db, 'Aannemer_Alfa', ['storing@alfa.example']);
    await submit(t.app.db, {
      receiver: 'Aannemer_Alfa',
      opdrachtId: 'H-1',
      versienummer: 'h1.0',
      type: 'OpdrachtHoofdnet',
    });

    const mail = await inbox.waitFor('storing@alfa.example', /Aannemer_Alfa/, 20_000);
    expect(textOf(mail)).toContain('Berichten aan Aannemer_Alfa (Hoofdnet, versie h1.0) worden sinds ');
    expect(textOf(mail)).toContain('HTTP 503');
    expect(textOf(mail)).toContain(`${PORTAL}/hoofdnet/uitval?receiver=Aannemer_Alfa`);
    const [alert] = await t.app.db.select().from(deliveryAlerts);
    expect(alert).toMatchObject({
      receiver: 'Aannemer_Alfa',
      versienummer: 'h1.0',
      reason: 'failures',
      recoveredAt: null,
    });
  });
});

describe('alert mail texts', () => {
  it('says how long in Dutch words', () => {
    const minutes = (n: number) => n * 60_000;
    expect([0.5, 1, 45, 60, 61, 125, 1440, 2 * 1440 + 180, 1440 + 59].map((n) => dutchDuration(minutes(n)))).toEqual([
      'minder dan een minuut',
      '1 minuut',
      '45 minuten',
      '1 uur',
      '1 uur en 1 minuut',
      '2 uur en 5 minuten',
      '1 dag',
      '2 dagen en 3 uur',
      '1 dag',
    ]);
    expect(dutchMoment(new Date('2026-07-01T08:05:00Z'))).toBe('1 juli 2026 om 10:05');
    expect(dutchMoment(new Date('2026-12-01T08:05:00Z'))).toBe('1 december 2026 om 09:05');
  });
});
