import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { createMailer, type Mailer, type MailerOptions } from '../src/mail/outbox';
import { alertMail } from '../src/mail/templates';
import { startInbox, type Inbox, type InboxOptions } from './support/smtp';
import { testDatabase } from './support/test-database';

/**
 * Two workers share the mail outbox (decision 0020): a mail is sent once while its sender is alive,
 * however slow the SMTP server, and a sender whose claim was taken over records nothing over it.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const cleanup: (() => Promise<void>)[] = [];
/** Mails a held SMTP server still holds: answered first when a test ends early, so nothing waits on them. */
const unanswered: (() => void)[] = [];
afterEach(async () => {
  for (const refuse of unanswered.splice(0)) refuse();
  for (const close of cleanup.splice(0).reverse()) await close();
});

async function database(): Promise<Database> {
  const created = await testDatabase('knooppunt_mail');
  const handle = await openDatabase(created.database, quiet, { migrate: false });
  cleanup.push(async () => {
    await handle.close();
    await created.drop();
  });
  return handle.db;
}

async function inbox(options?: InboxOptions): Promise<Inbox> {
  const started = await startInbox(0, options);
  cleanup.push(started.close);
  return started;
}

/** A worker's outbox on `db`, sending to `to`. */
function worker(db: Database, to: Inbox, options: Partial<MailerOptions> = {}): Mailer {
  const mailer = createMailer({
    db,
    smtp: { url: to.url, from: 'Knooppunt <noreply@knooppunt.example>' },
    log: quiet,
    pollMs: 50,
    ...options,
  });
  cleanup.push(() => mailer.stop());
  return mailer;
}

/** An SMTP server that holds every mail until the test accepts or refuses it. */
async function heldInbox() {
  const held: { accept(): void; refuse(message: string): void }[] = [];
  const server = await inbox({
    beforeAnswer: () =>
      new Promise<void>((resolve, reject) => {
        held.push({ accept: resolve, refuse: (message) => reject(new Error(message)) });
        unanswered.push(() => reject(new Error('test ended')));
      }),
  });
  return { server, held };
}

const subjects = (mails: ParsedMail[]) => mails.map((mail) => mail.subject).sort();
const row = async (db: Database) => (await db.select().from(mailOutbox))[0]!;

/**
 * Cuts every lease the outbox writes to at most `ms`, whatever it asks (an outbox without a
 * `leaseMs` option included, so the test says the same of every version). The platform's lease is
 * two minutes and a slow SMTP server takes up to a minute per mail; here both are seconds.
 */
async function leasesOfAtMost(db: Database, ms: number) {
  await db.execute(
    sql.raw(`create function test_lease_cap() returns trigger language plpgsql as $$
      begin
        if new.claimed_until is not null then
          new.claimed_until := least(new.claimed_until, now() + interval '${ms} milliseconds');
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(
      'create trigger test_lease_cap before update on mail_outbox for each row execute function test_lease_cap()',
    ),
  );
}

/** The holder's process stalled past its lease (a pause, a lost connection): its claim has run out. */
const leaseRunsOut = (db: Database) => db.update(mailOutbox).set({ claimedUntil: sql`now() - interval '1 second'` });

describe('the mail outbox shared by two workers', { timeout: 60_000 }, () => {
  it('sends every mail exactly once when the SMTP server takes longer per mail than a lease', async () => {
    const db = await database();
    const LEASE_MS = 2_000;
    await leasesOfAtMost(db, LEASE_MS);
    const slow = await inbox({ beforeAnswer: () => delay(LEASE_MS + 500) });
    const one = worker(db, slow, { leaseMs: LEASE_MS });
    const two = worker(db, slow, { leaseMs: LEASE_MS });
    const expected = ['1', '2', '3', '4'].map((n) => `Knooppunt: Melding ${n}`);
    for (const n of ['1', '2', '3', '4']) {
      await one.enqueue(db, alertMail(`beheer-${n}@knooppunt.example`, `Melding ${n}`, ['Een melding.']));
    }

    one.start();
    two.start();
    // Every row recorded as sent, then both stopped: nothing is in flight any more.
    await expect
      .poll(async () => (await db.select().from(mailOutbox)).filter((mail) => mail.sent === null).length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(0);
    await one.stop();
    await two.stop();
    expect(subjects(slow.mails)).toEqual(expected);
  });

  it("lets a worker whose claim was taken over not record 'sent' over the new holder's", async () => {
    const db = await database();
    const first = await heldInbox();
    const second = await heldInbox();
    const late = worker(db, first.server);
    const holder = worker(db, second.server);
    await late.enqueue(db, alertMail('beheer@knooppunt.example', 'Melding', ['Een melding.']));

    const latePass = late.flush();
    await expect.poll(() => first.held.length).toBe(1);
    await leaseRunsOut(db);
    const holderPass = holder.flush();
    await expect.poll(() => second.held.length).toBe(1);

    first.held[0]!.accept();
    await latePass;
    expect(await row(db)).toMatchObject({ sent: null, lastError: null, attempts: 2 });

    // The holder's outcome is the one recorded: refused, so the mail waits for its next attempt.
    second.held[0]!.refuse('Mailbox tijdelijk niet beschikbaar');
    await holderPass;
    const after = await row(db);
    expect(after).toMatchObject({ sent: null, attempts: 2 });
    expect(after.lastError).toContain('Mailbox tijdelijk niet beschikbaar');
  });

  it("lets a worker whose claim was taken over not record 'failed' over the new holder's", async () => {
    const db = await database();
    const first = await heldInbox();
    const second = await heldInbox();
    // Retries at once: were its failure recorded, the mail would be due again right away.
    const late = worker(db, first.server, { retryScheduleMs: [0] });
    const holder = worker(db, second.server);
    const third = await inbox();
    await late.enqueue(db, alertMail('beheer@knooppunt.example', 'Melding', ['Een melding.']));

    const latePass = late.flush();
    await expect.poll(() => first.held.length).toBe(1);
    await leaseRunsOut(db);
    const holderPass = holder.flush();
    await expect.poll(() => second.held.length).toBe(1);

    first.held[0]!.refuse('Mailbox tijdelijk niet beschikbaar');
    await latePass;
    expect(await row(db)).toMatchObject({ sent: null, lastError: null, attempts: 2 });
    // A third worker's whole pass finds nothing to take: the mail is still the holder's.
    expect(await worker(db, third).flush()).toBe(0);
    expect(third.mails).toEqual([]);

    second.held[0]!.accept();
    await holderPass;
    expect(await row(db)).toMatchObject({ lastError: null, attempts: 2 });
    expect((await row(db)).sent).toBeInstanceOf(Date);
    expect(subjects(second.server.mails)).toEqual(['Knooppunt: Melding']);
  });
});

describe('the lease of a mail being sent', { timeout: 60_000 }, () => {
  it('is taken over once its sender stops renewing it, and the mail then goes out', async () => {
    const db = await database();
    const first = await heldInbox();
    const late = worker(db, first.server);
    const next = await inbox();
    await late.enqueue(db, alertMail('beheer@knooppunt.example', 'Melding', ['Een melding.']));

    const latePass = late.flush();
    await expect.poll(() => first.held.length).toBe(1);
    await leaseRunsOut(db);
    expect(await worker(db, next).flush()).toBe(1);
    expect(subjects(next.mails)).toEqual(['Knooppunt: Melding']);
    first.held[0]!.refuse('Verbinding verbroken');
    await latePass;
    expect((await row(db)).sent).toBeInstanceOf(Date);
  });
});
