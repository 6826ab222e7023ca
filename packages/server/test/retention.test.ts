import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { auditLog, messages, opdrachten } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { runRetention } from '../src/retention/run';
import { createTestApp, type TestApp } from './helpers';

/** Retention (decision 0032): the daily job of the worker, run here directly and by its schedule. */

const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const DAYS = { messageDays: 90, auditDays: 730 };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function order(db: Database, opdrachtId: string, status: number, changed: Date, inError = false) {
  await db.insert(opdrachten).values({
    opdrachtId,
    versienummer: '2.0',
    opdrachtgever: 'Netbeheer_Noord',
    opdrachtnemer: 'Aannemer_Alfa',
    status,
    statusText: `status ${status}`,
    inError,
    created: changed,
    changed,
  });
}

async function message(db: Database, opdrachtId: string, deliveredAt: Date | null, created = ago(400)) {
  const [row] = await db
    .insert(messages)
    .values({
      opdrachtId,
      versienummer: '2.0',
      type: 'Planning',
      sender: 'Aannemer_Alfa',
      receiver: 'Netbeheer_Noord',
      idempotencyKey: randomUUID(),
      data: { opdrachtId, geheim: 'inhoud' },
      created,
      deliveredAt,
    })
    .returning({ id: messages.id });
  return row!.id;
}

const rowOf = async (db: Database, id: string) => (await db.select().from(messages).where(eq(messages.id, id)))[0]!;

describe('message retention', { timeout: 60_000 }, () => {
  it('removes the payload of an old delivered message of a finished order and keeps its row; leaves the rest', async () => {
    t = await createTestApp();
    const db = t.app.db;
    await order(db, 'O-gereed', 900, ago(100));
    const old = await message(db, 'O-gereed', ago(120));
    // A finished order changed recently (e.g. cancelled by hand after gereed): kept for now.
    await order(db, 'O-recent-afgerond', 990, ago(10));
    const recentOrder = await message(db, 'O-recent-afgerond', ago(120));
    // Delivered recently, of an order finished long ago.
    await order(db, 'O-recent-bericht', 910, ago(95));
    const recentMessage = await message(db, 'O-recent-bericht', ago(30));
    // A running order.
    await order(db, 'O-lopend', 550, ago(200));
    const running = await message(db, 'O-lopend', ago(200));
    // A finished order in error, and a finished order with a message still waiting.
    await order(db, 'O-fout', 900, ago(200), true);
    const inError = await message(db, 'O-fout', ago(200));
    await order(db, 'O-wacht', 900, ago(200));
    const beside = await message(db, 'O-wacht', ago(200));
    const undelivered = await message(db, 'O-wacht', null);

    const result = await runRetention(db, DAYS, { pauseMs: 0 });

    expect(result.messages).toBe(1);
    const removed = await rowOf(db, old);
    expect(removed.data).toEqual({});
    expect(removed.dataRemovedAt).toBeInstanceOf(Date);
    expect(removed.dataRemovedAfterDays).toBe(90);
    expect(removed.deliveredAt).not.toBeNull();
    for (const id of [recentOrder, recentMessage, running, inError, beside, undelivered]) {
      const kept = await rowOf(db, id);
      expect(kept.data).toMatchObject({ geheim: 'inhoud' });
      expect(kept.dataRemovedAt).toBeNull();
    }
    // Every row is still there for counts and history.
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
    expect(count!.n).toBe(7);

    // The search shows the removal, with the days that applied (the panel's text).
    const { permissionsFor } = await import('@knooppunt/domain');
    const { createMessagesService } = await import('../src/modules/messages/service');
    const { createAuditService } = await import('../src/audit/service');
    const service = createMessagesService({ db, audit: createAuditService() });
    const beheer = {
      sub: 'beheerder',
      email: 'beheer@knooppunt.example',
      deelnemer: undefined,
      roles: ['Beheer ziet alles', 'Uitval Beheren'],
      permissions: permissionsFor(['Beheer ziet alles', 'Uitval Beheren']),
      clientId: undefined,
      system: false,
    };
    const page = await service.search(beheer, {
      filters: { versienummer: '!h1.0', opdrachtId: 'O-gereed' },
      skip: 0,
      limit: 10,
    } as never);
    expect(page.items).toEqual([
      expect.objectContaining({
        _id: old,
        data: {},
        dataRemoved: { at: removed.dataRemovedAt!.toISOString(), afterDays: 90 },
      }),
    ]);
    const other = await service.search(beheer, {
      filters: { versienummer: '!h1.0', opdrachtId: 'O-lopend' },
      skip: 0,
      limit: 10,
    } as never);
    expect(other.items).toEqual([expect.objectContaining({ _id: running, dataRemoved: null })]);

    // Resending a message without its payload is refused, and leaves it delivered.
    await expect(service.retry(beheer, old, 'aansluiting')).rejects.toMatchObject({
      statusCode: 409,
      message: 'De inhoud van dit bericht is verwijderd (bewaartermijn); het kan niet opnieuw worden verzonden.',
    });
    expect((await rowOf(db, old)).deliveredAt).not.toBeNull();

    // A second run finds nothing more.
    expect((await runRetention(db, DAYS, { pauseMs: 0 })).messages).toBe(0);
  });

  it('works through more rows than a batch, batch by batch, and stops at the ones it must keep', async () => {
    t = await createTestApp();
    const db = t.app.db;
    await order(db, 'O-veel', 900, ago(100));
    await order(db, 'O-lopend', 400, ago(100));
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await message(db, 'O-veel', new Date(ago(200).getTime() + i * 1000)));
    // Old messages of a running order between them in delivery order: skipped, not blocking.
    const kept: string[] = [];
    for (let i = 0; i < 7; i++) kept.push(await message(db, 'O-lopend', new Date(ago(200).getTime() + i * 1000 + 500)));

    const result = await runRetention(db, DAYS, { batchSize: 5, pauseMs: 1 });

    expect(result.messages).toBe(23);
    // 23 removable rows in batches of 5: five batches of messages, then one of the audit log.
    expect(result.batches).toBe(5 + 1);
    const rows = await db.select().from(messages).where(inArray(messages.id, ids));
    expect(rows.every((row) => row.dataRemovedAt !== null && Object.keys(row.data).length === 0)).toBe(true);
    const runningRows = await db.select().from(messages).where(inArray(messages.id, kept));
    expect(runningRows.every((row) => row.dataRemovedAt === null)).toBe(true);
  });

  it('stops between batches when asked, and the next run does the rest', async () => {
    t = await createTestApp();
    const db = t.app.db;
    await order(db, 'O-veel', 900, ago(100));
    for (let i = 0; i < 6; i++) await message(db, 'O-veel', new Date(ago(200).getTime() + i * 1000));
    const abort = new AbortController();
    const first = runRetention(db, DAYS, { batchSize: 2, pauseMs: 60_000, signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    expect((await first).messages).toBe(2);
    expect((await runRetention(db, DAYS, { batchSize: 2, pauseMs: 0 })).messages).toBe(4);
  });
});

describe('audit retention', { timeout: 60_000 }, () => {
  it('deletes entries older than AUDIT_RETENTION_DAYS in batches and keeps the newer ones', async () => {
    t = await createTestApp();
    const db = t.app.db;
    const entry = (at: Date, subjectId: string) => ({
      at,
      actor: 'beheerder',
      action: 'user.update',
      subjectType: 'user',
      subjectId,
    });
    await db
      .insert(auditLog)
      .values([
        ...Array.from({ length: 7 }, (_, i) => entry(ago(800 + i), `oud-${i}`)),
        entry(ago(700), 'recent'),
        entry(new Date(), 'nu'),
      ]);

    const result = await runRetention(db, DAYS, { batchSize: 3, pauseMs: 0 });

    expect(result.auditEntries).toBe(7);
    const left = await db.select({ subjectId: auditLog.subjectId }).from(auditLog);
    expect(left.map((row) => row.subjectId).sort()).toEqual(['nu', 'recent']);
    // A shorter retention removes the one of 700 days too.
    expect((await runRetention(db, { ...DAYS, auditDays: 365 }, { pauseMs: 0 })).auditEntries).toBe(1);
  });
});

describe('retention schedule', { timeout: 60_000 }, () => {
  it('the worker runs the job after its first delay, then again every interval', async () => {
    let runs = 0;
    let removing: { wanted: number; resolve: () => void } | undefined;
    // Resolves at the next run that removed a payload: the positive signal, no sleeps.
    const nextRemovingRun = () => new Promise<void>((resolve) => (removing = { wanted: runs + 1, resolve }));
    t = await createTestApp(
      { ROLE: 'worker' },
      {
        retention: {
          firstDelayMs: 200,
          intervalMs: 200,
          onRun: (result) => {
            runs += 1;
            if (removing && result.messages > 0 && runs >= removing.wanted) removing.resolve();
          },
        },
      },
    );
    const db = t.app.db;
    const first = nextRemovingRun();
    await order(db, 'O-gereed', 900, ago(100));
    const old = await message(db, 'O-gereed', ago(120));
    await first;
    // It ran in the worker, with the configured days.
    expect((await rowOf(db, old)).dataRemovedAfterDays).toBe(90);
    const again = nextRemovingRun();
    const second = await message(db, 'O-gereed', ago(121));
    await again;
    expect((await rowOf(db, second)).dataRemovedAt).not.toBeNull();
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it('an api process does not run it', async () => {
    let apiRuns = 0;
    let workerRuns = 0;
    t = await createTestApp({ ROLE: 'api' }, { retention: { firstDelayMs: 0, onRun: () => apiRuns++ } });
    // A worker built the same way afterwards runs it at once: the api's silence is not a matter of time.
    const worker = await createTestApp(
      { ROLE: 'worker' },
      { retention: { firstDelayMs: 0, onRun: () => workerRuns++ } },
    );
    try {
      await expect.poll(() => workerRuns, { timeout: 10_000 }).toBe(1);
    } finally {
      await worker.close();
    }
    expect(apiRuns).toBe(0);
  });
});

describe('retention configuration', () => {
  it('defaults to 90 and 730 days and reads the variables', () => {
    expect(loadConfig({}).retention).toEqual({ messageDays: 90, auditDays: 730 });
    expect(loadConfig({ RETENTION_DAYS: '30', AUDIT_RETENTION_DAYS: '365' }).retention).toEqual({
      messageDays: 30,
      auditDays: 365,
    });
  });

  it.each([
    ['RETENTION_DAYS', '0'],
    ['RETENTION_DAYS', '-5'],
    ['RETENTION_DAYS', '1.5'],
    ['RETENTION_DAYS', 'negentig'],
    ['AUDIT_RETENTION_DAYS', '0'],
    ['AUDIT_RETENTION_DAYS', 'twee jaar'],
  ])('refuses %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      `Invalid configuration: ${name}: ${name} must be a whole number of days, at least 1`,
    );
  });
});
