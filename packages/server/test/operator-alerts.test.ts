import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { configurations, deliveryAlerts, mailOutbox, messages, orderHeads, platformAlerts } from '../src/db/schema';
import { createDeliveryAlerts } from '../src/delivery/alerts';
import { createMailer } from '../src/mail/outbox';
import { createOperatorAlerts } from '../src/operator/alerts';
import { createDeliveryFaultRecorder, recordFault, resolveFault } from '../src/operator/faults';
import { secretContext } from '../src/secrets/context';
import {
  eventually,
  seedReceiver,
  submit,
  useDeliveryResources,
  VERSIENUMMER,
  type DeliveryFixture,
} from './support/delivery';
import { outboxToInbox } from './support/smtp';
import { bearer, createTestApp, tokenFor } from './helpers';

// The operator's alerts (issue 29 items 2 and 3): a fault on the platform's side is not the
// receiver's failed attempt, and the operator hears of it, and of its end, by mail.
const { fixture, receiver } = useDeliveryResources();
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const OPERATOR = 'beheer@knooppunt.example';
const MINUTE = 60_000;

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

/** The operator's alerts on a fixture's database, evaluated by the test at a clock `offset` ahead. */
function operatorAlerts(db: Database, mailer: ReturnType<typeof createMailer>, clock: { offset: number }) {
  return createOperatorAlerts({
    db,
    mailer,
    emails: [OPERATOR],
    publicUrl: 'https://knooppunt.example',
    log: quiet,
    checkMs: 3_600_000,
    now: () => Date.now() + clock.offset,
  });
}

const textOf = (mail: ParsedMail) => (mail.text ?? '').replace(/\s+/g, ' ');

describe("the operator's platform alerts", { timeout: 90_000 }, () => {
  it('a secret the platform cannot read: no failed attempt, no uitval, no alert to the receiver; the operator is mailed, and again when it is over', async () => {
    const f = await fixture();
    const { inbox, mailer } = await mailTo(f);
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    await f.db.update(configurations).set({ emails: ['storing@alfa.example'] });
    // Stored under another key: the platform cannot read it.
    await f.db.update(configurations).set({ clientSecretEncrypted: 'v1.onleesbaar.onleesbaar.onleesbaar' });
    const recorder = createDeliveryFaultRecorder(f.db, quiet);
    f.startWorker({ pollIntervalMs: 50, onPlatformFault: recorder.record, onDelivered: recorder.delivered });
    const id = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'PF-1' });

    await eventually(async () => {
      const [message] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(message?.err?.msg).toContain('storing aan de kant van Knooppunt');
    });
    await recorder.idle();
    const [message] = await f.db.select().from(messages).where(eq(messages.id, id));
    expect(message?.failedAttempts).toBe(0);
    expect(message?.err?.msg).toContain('Het client secret van de configuratie kan niet worden ontsleuteld');
    expect(alfa.callbacks).toHaveLength(0);

    // The receiver's alerts stay quiet, also for a silence this long: the fault is the platform's.
    const clock = { offset: 0 };
    const receiverAlerts = createDeliveryAlerts({
      db: f.db,
      mailer,
      publicUrl: 'https://knooppunt.example',
      rules: { failedAttempts: 1, silenceMs: 1, repeatMs: 60 * MINUTE },
      log: quiet,
      checkMs: 3_600_000,
    });
    expect((await receiverAlerts.evaluate()).opened).toEqual([]);
    expect(await f.db.select().from(deliveryAlerts)).toEqual([]);

    const operator = operatorAlerts(f.db, mailer, clock);
    expect((await operator.evaluate()).opened).toEqual(['delivery']);
    const alert = await inbox.waitFor(OPERATOR, /Storing bij afleveren/);
    expect(alert.subject).toBe('Knooppunt: Storing bij afleveren aan de kant van Knooppunt');
    expect(textOf(alert)).toContain(
      `Aannemer_Alfa, versie ${VERSIENUMMER}: Nog niet afgeleverd door een storing aan de kant van Knooppunt (Het client secret van de configuratie kan niet worden ontsleuteld)`,
    );
    expect((await operator.evaluate()).opened).toEqual([]);

    // Put right: the message goes out, and with that delivery the fault is over.
    await f.db.update(configurations).set({
      clientSecretEncrypted: f.cipher.encrypt('geheim', secretContext('Aannemer_Alfa', VERSIENUMMER)),
    });
    await f.db.update(orderHeads).set({ due: sql`now()` });
    f.wakeup.signal();
    await eventually(() => expect(alfa.callbacks.length).toBeGreaterThan(0));
    await eventually(async () => {
      await recorder.idle();
      expect((await operator.evaluate()).recovered).toEqual(['delivery']);
    });
    const recovery = await inbox.waitFor(OPERATOR, /Afleveren werkt weer/);
    expect(textOf(recovery)).toContain('De storing aan de kant van Knooppunt is voorbij');
    expect(await f.db.select().from(platformAlerts)).toEqual([]);
    expect(inbox.mails.filter((mail) => textOf(mail).includes('alfa.example'))).toEqual([]);
  });

  it('messages due for 5 minutes while nothing is delivered: no worker runs', async () => {
    const f = await fixture();
    const { inbox, mailer } = await mailTo(f);
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'ST-1' });
    const clock = { offset: 0 };
    const operator = operatorAlerts(f.db, mailer, clock);
    // Just due: no alert yet.
    expect((await operator.evaluate()).opened).toEqual([]);
    clock.offset = 6 * MINUTE;
    expect((await operator.evaluate()).opened).toEqual(['stalled']);
    const alert = await inbox.waitFor(OPERATOR, /niets afgeleverd/);
    expect(textOf(alert)).toContain('ROLE=all of ROLE=worker');

    f.startWorker({ pollIntervalMs: 50 });
    await eventually(() => expect(alfa.callbacks).toHaveLength(1));
    expect((await operator.evaluate()).recovered).toEqual(['stalled']);
    await inbox.waitFor(OPERATOR, /Er wordt weer afgeleverd/);
  });

  it('a mail retried for more than 15 minutes, and a failed retention run', async () => {
    const f = await fixture();
    const { inbox, mailer } = await mailTo(f);
    const clock = { offset: 0 };
    const operator = operatorAlerts(f.db, mailer, clock);
    const [stuck] = await f.db
      .insert(mailOutbox)
      .values({
        kind: 'melding',
        recipient: 'iemand@alfa.example',
        subject: 'Test',
        text: 'Test',
        attempts: 3,
        lastError: '421 mailserver bezet',
        nextAttempt: sql`now() + interval '1 hour'`,
        created: sql`now() - interval '20 minutes'`,
      })
      .returning();
    await recordFault(f.db, 'retention', 'run', 'canceling statement due to statement timeout');
    const opened = await operator.evaluate();
    expect(opened.opened.sort()).toEqual(['mail', 'retention']);
    const mail = await inbox.waitFor(OPERATOR, /E-mail blijft in de wachtrij/);
    expect(textOf(mail)).toContain('Laatste fout van de mailserver: 421 mailserver bezet.');
    expect(textOf(mail)).toContain('iemand@alfa.example');
    await inbox.waitFor(OPERATOR, /bewaartermijnen mislukt/);

    await f.db
      .update(mailOutbox)
      .set({ sent: sql`now()` })
      .where(eq(mailOutbox.id, stuck!.id));
    await resolveFault(f.db, 'retention', 'run');
    expect((await operator.evaluate()).recovered.sort()).toEqual(['mail', 'retention']);
    await inbox.waitFor(OPERATOR, /E-mail wordt weer verstuurd/);
    await inbox.waitFor(OPERATOR, /bewaartermijnen gelukt/);
  });
});

describe("the platform's own state on the Overzicht", { timeout: 60_000 }, () => {
  it('shows the super role the database, the processes, the mail outbox and the open alerts; a waiting mail is sent again', async () => {
    const t = await createTestApp({ OPERATOR_EMAIL: 'ops@knooppunt.example, nacht@knooppunt.example' });
    cleanup.push(() => t.close());
    const superRole = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'] }));
    const [waiting] = await t.app.db
      .insert(mailOutbox)
      .values({
        kind: 'melding',
        recipient: 'iemand@alfa.example',
        subject: 'Test',
        text: 'Test',
        attempts: 2,
        lastError: '421 bezet',
        nextAttempt: sql`now() + interval '1 hour'`,
      })
      .returning();
    const get = () => t.app.inject({ method: 'GET', url: '/rest/management/platform', headers: superRole });
    // The process says it is alive at its start.
    await eventually(async () => expect((await get()).json().processen).toHaveLength(1));
    const state = (await get()).json();
    expect(state.database).toEqual({
      soort: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      bereikbaar: true,
    });
    expect(state.processen[0]).toMatchObject({ rol: t.config.role, naam: expect.stringContaining(':') });
    expect(state.mail).toMatchObject({
      aan: false,
      operatorAdressen: ['ops@knooppunt.example', 'nacht@knooppunt.example'],
    });
    expect(state.mail.opnieuw).toBeGreaterThanOrEqual(1);
    expect(state.mail.oudste).toContainEqual(
      expect.objectContaining({ id: waiting!.id, aan: 'iemand@alfa.example', pogingen: 2, laatsteFout: '421 bezet' }),
    );

    const again = (id: string, headers = superRole) =>
      t.app.inject({ method: 'POST', url: `/rest/management/platform/mail/${id}/opnieuw`, headers, payload: {} });
    expect((await again(waiting!.id)).statusCode).toBe(204);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, waiting!.id));
    expect(row!.nextAttempt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await again('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await again('geen-id')).statusCode).toBe(400);

    const monitor = bearer(await tokenFor(t, { roles: ['Beheer Monitoring', 'Uitval Beheren'] }));
    expect((await t.app.inject({ method: 'GET', url: '/rest/management/platform', headers: monitor })).statusCode).toBe(
      403,
    );
    expect((await again(waiting!.id, monitor)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/rest/management/platform' })).statusCode).toBe(401);
  });
});

/**
 * A TCP forwarder to the PostgreSQL server that can be cut and restored: the database becomes
 * unreachable for whoever connects through it, as when the server or the network goes down.
 */
async function cuttableForwarder(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const through = new URL(target);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  return {
    url: through.href,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a database outage', { timeout: 60_000 }, () => {
  it('is reported to the operator once the database is reachable again, with when it started and ended', async () => {
    const f = await fixture();
    const forwarder = await cuttableForwarder(new URL(f.url!));
    const through = await openDatabase({ kind: 'postgres', url: forwarder.url }, quiet, { migrate: false });
    // Closed here, before the fixture drops the database they are connected to.
    onTestFinished(async () => {
      await forwarder.close();
      // node-postgres' pool.end() can wait forever for a client whose connection was cut under it
      // (noted on issue 30, the outage handling): closing is not what this test is about.
      await Promise.race([through.close(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    });
    const errors: string[] = [];
    const alerts = createOperatorAlerts({
      db: through.db,
      // An outbox that is never started: the test reads what was queued.
      mailer: createMailer({
        db: f.db,
        smtp: { url: 'smtp://127.0.0.1:1', from: 'noreply@knooppunt.example' },
        log: quiet,
      }),
      emails: [OPERATOR],
      publicUrl: 'https://knooppunt.example',
      log: { ...quiet, error: (_object, message) => void errors.push(message) },
      checkMs: 3_600_000,
    });
    expect((await alerts.evaluate()).databaseOutage).toBeUndefined();

    await forwarder.cut();
    const during = await alerts.evaluate();
    expect(during.databaseOutage).toBeUndefined();
    expect(errors).toContain('the database is unreachable');
    await alerts.evaluate();
    expect(errors.filter((message) => message === 'the database is unreachable')).toHaveLength(1);

    await forwarder.restore();
    const after = await alerts.evaluate();
    expect(after.databaseOutage?.from.getTime()).toBeLessThan(after.databaseOutage!.to.getTime());
    const mails = await f.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, OPERATOR));
    expect(mails.map((mail) => mail.subject)).toEqual(['Knooppunt: Database was onbereikbaar']);
    expect(mails[0]!.text).toContain('De database was onbereikbaar vanaf');
    // Reported once: the next evaluation has nothing to say.
    expect((await alerts.evaluate()).databaseOutage).toBeUndefined();
  });
});
