import { randomUUID } from 'node:crypto';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { auditLog, messages, opdrachten } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { createAuditService } from '../src/audit/service';
import { createMessagesService } from '../src/modules/messages/service';
import { runRetention } from '../src/retention/run';
import { createTestApp, serviceUser, type TestApp } from './helpers';

/** Retention (decision 0032): the daily job of the worker, run here directly and by its schedule. */

const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const DAYS = { messageDays: 90, auditDays: 730, testDays: 30 };

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
    const service = createMessagesService({ db, audit: createAuditService() });
    const beheer = serviceUser(['Beheer ziet alles', 'Uitval Beheren']);
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

  it('goes over orders batch by batch, more orders than a batch, and leaves those it must keep unmarked', async () => {
    t = await createTestApp();
    const db = t.app.db;
    // 12 finished orders of 2 old messages each, a second apart in their last change.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const opdrachtId = `O-veel-${String(i).padStart(2, '0')}`;
      await order(db, opdrachtId, 900, new Date(ago(100).getTime() + i * 1000));
      ids.push(await message(db, opdrachtId, ago(200)), await message(db, opdrachtId, ago(199)));
    }
    // Old orders between them that it must keep: running (not in its index), and finished with a
    // message still waiting (in its index, taken in a batch, left unmarked).
    await order(db, 'O-lopend', 400, new Date(ago(100).getTime() + 1500));
    const running = await message(db, 'O-lopend', ago(200));
    await order(db, 'O-wacht', 900, new Date(ago(100).getTime() + 2500));
    const waiting = [await message(db, 'O-wacht', ago(200)), await message(db, 'O-wacht', null)];

    const result = await runRetention(db, DAYS, { batchSize: 5, pauseMs: 1 });

    expect(result.messages).toBe(24);
    // 13 finished orders in batches of 5 (5, 5, 3), then one statement over the audit log.
    expect(result.batches).toBe(3 + 1);
    const rows = await db.select().from(messages).where(inArray(messages.id, ids));
    expect(rows).toHaveLength(24);
    expect(rows.every((row) => row.dataRemovedAt !== null && Object.keys(row.data).length === 0)).toBe(true);
    const keptRows = await db
      .select()
      .from(messages)
      .where(inArray(messages.id, [running, ...waiting]));
    expect(keptRows.every((row) => row.dataRemovedAt === null && row.data['geheim'] === 'inhoud')).toBe(true);
    // Done with the 12 orders at their current change; the waiting one and the running one not.
    const marked = await db
      .select({ opdrachtId: opdrachten.opdrachtId, changed: opdrachten.changed, done: opdrachten.retainedChanged })
      .from(opdrachten);
    for (const row of marked) {
      if (row.opdrachtId.startsWith('O-veel')) expect(row.done).toEqual(row.changed);
      else expect(row.done).toBeNull();
    }

    // Once its last message is delivered, the waiting order is taken at the next run.
    await db
      .update(messages)
      .set({ deliveredAt: ago(150) })
      .where(eq(messages.id, waiting[1]!));
    const next = await runRetention(db, DAYS, { batchSize: 5, pauseMs: 0 });
    expect(next.messages).toBe(2);
    // Only that order was left in the index: one batch of orders, one of the audit log.
    expect(next.batches).toBe(1 + 1);
  });

  it('takes an order again when a new message changes it after the job was done with it', async () => {
    t = await createTestApp();
    const db = t.app.db;
    await order(db, 'O-gereed', 900, ago(100));
    const first = await message(db, 'O-gereed', ago(120));
    expect((await runRetention(db, DAYS, { pauseMs: 0 })).messages).toBe(1);
    // Done with it: a run now finds no order at all.
    expect(await runRetention(db, DAYS, { pauseMs: 0 })).toMatchObject({ messages: 0, batches: 1 });

    // A new message, accepted 60 days ago and delivered: accepting changes the order (`changed =
    // now()` in modules/inbound/statements.ts), which puts it back in the job's index.
    const later = await message(db, 'O-gereed', ago(59), ago(60));
    await db
      .update(opdrachten)
      .set({ changed: ago(60) })
      .where(eq(opdrachten.opdrachtId, 'O-gereed'));
    // Not old enough at 90 days (the order changed after the cutoff): kept.
    expect(await runRetention(db, DAYS, { pauseMs: 0 })).toMatchObject({ messages: 0, batches: 1 });
    expect((await rowOf(db, later)).data).toMatchObject({ geheim: 'inhoud' });
    // Old enough at 30 days: emptied, and the order is done again.
    expect((await runRetention(db, { ...DAYS, messageDays: 30 }, { pauseMs: 0 })).messages).toBe(1);
    const emptied = await rowOf(db, later);
    expect(emptied.data).toEqual({});
    expect(emptied.dataRemovedAfterDays).toBe(30);
    // The first one was not emptied twice.
    expect((await rowOf(db, first)).dataRemovedAfterDays).toBe(90);
    expect(await runRetention(db, { ...DAYS, messageDays: 30 }, { pauseMs: 0 })).toMatchObject({
      messages: 0,
      batches: 1,
    });
  });

  it('costs delivery no index: none on messages names the retention columns, one partial index on orders', async () => {
    t = await createTestApp();
    const indexes = await queryRows<{ table: string; name: string; definition: string }>(
      t.app.db,
      sql`select tablename as table, indexname as name, indexdef as definition from pg_indexes
          where schemaname = 'public' and tablename in ('messages', 'opdrachten') order by indexname`,
    );
    // The positive check first: the listing read the messages indexes.
    expect(indexes.some((index) => index.name === 'messages_opdracht_idx')).toBe(true);
    expect(
      indexes.filter((index) => index.table === 'messages' && /data_removed|retention/.test(index.definition)),
    ).toEqual([]);
    expect(indexes.filter((index) => /retain/.test(index.definition)).map((index) => index.name)).toEqual([
      'opdrachten_retention_idx',
    ]);
  });

  it('stops between batches when asked, and the next run does the rest', async () => {
    t = await createTestApp();
    const db = t.app.db;
    for (let i = 0; i < 6; i++) {
      await order(db, `O-veel-${i}`, 900, new Date(ago(100).getTime() + i * 1000));
      await message(db, `O-veel-${i}`, ago(200));
    }
    const abort = new AbortController();
    const first = runRetention(db, DAYS, { batchSize: 2, pauseMs: 60_000, signal: abort.signal });
    // Stopped in the pause after its first batch: once that batch's two are emptied, not after a fixed time.
    const emptied = async () => (await db.select().from(messages).where(isNotNull(messages.dataRemovedAt))).length;
    while ((await emptied()) < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    abort.abort();
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
    await order(db, 'O-gereed-2', 900, ago(100));
    const second = await message(db, 'O-gereed-2', ago(121));
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

describe('test environment retention (decision 0038)', { timeout: 60_000 }, () => {
  it('deletes test orders with their messages and heads after TEST_RETENTION_DAYS, whatever their state; production and recent tests stay', async () => {
    t = await createTestApp();
    const { db, testDb } = t.app;
    // Old test orders: one finished, one left half-way with a message waiting at its head.
    await order(testDb, 'T-oud', 900, ago(31));
    await message(testDb, 'T-oud', ago(31));
    await order(testDb, 'T-half', 300, ago(40));
    const waiting = await message(testDb, 'T-half', null);
    await testDb.execute(
      sql`insert into order_heads (receiver, opdracht_id, message_id, versienummer, due)
          values ('Netbeheer_Noord', 'T-half', ${waiting}, '2.0', now())`,
    );
    // An old test order whose head the worker holds now: left for the next run.
    await order(testDb, 'T-bezig', 300, ago(40));
    const claimed = await message(testDb, 'T-bezig', null);
    await testDb.execute(
      sql`insert into order_heads (receiver, opdracht_id, message_id, versienummer, due, claimed_until)
          values ('Netbeheer_Noord', 'T-bezig', ${claimed}, '2.0', now(), now() + interval '1 minute')`,
    );
    // A recent test order, and a production order as old as the oldest test order, with the same id.
    await order(testDb, 'T-recent', 900, ago(5));
    await order(db, 'T-oud', 900, ago(31));
    const production = await message(db, 'T-oud', ago(31));

    const result = await runRetention(db, DAYS, { pauseMs: 0, batchSize: 2, testDb });
    expect(result.testOrders).toBe(2);
    const left = async (database: Database) =>
      (await database.select({ id: opdrachten.opdrachtId }).from(opdrachten)).map((row) => row.id).sort();
    expect(await left(testDb)).toEqual(['T-bezig', 'T-recent']);
    expect((await testDb.select().from(messages)).map((row) => row.id)).toEqual([claimed]);
    expect(await queryRows(testDb, sql`select opdracht_id from order_heads`)).toEqual([{ opdracht_id: 'T-bezig' }]);
    expect(await left(db)).toEqual(['T-oud']);
    expect((await rowOf(db, production)).data).toEqual({ opdrachtId: 'T-oud', geheim: 'inhoud' });
  });

  it('deletes the old receipt batches no test message names any more; production’s and those still named stay', async () => {
    t = await createTestApp();
    const { db, testDb } = t.app;
    const batch = async (database: Database, created: Date) => {
      const id = randomUUID();
      await database.execute(
        sql`insert into receipt_batches (id, jws, created) values (${id}, 'h..s', ${created.toISOString()})`,
      );
      return id;
    };
    const receipt = (database: Database, messageId: string, batchId: string) =>
      database.execute(
        sql`update messages set receipt = ${`${batchId}.0.${'a'.repeat(64)}.200.1.x`} where id = ${messageId}`,
      );
    // A test order past retention with its batch; a recent test order delivered in an old batch.
    await order(testDb, 'T-oud', 900, ago(31));
    const gone = await batch(testDb, ago(31));
    await receipt(testDb, await message(testDb, 'T-oud', ago(31)), gone);
    await order(testDb, 'T-recent', 900, ago(5));
    const named = await batch(testDb, ago(40));
    await receipt(testDb, await message(testDb, 'T-recent', ago(40)), named);
    // An old batch no message names, a new one, and production's old batch, which nothing names either.
    await batch(testDb, ago(35));
    const fresh = await batch(testDb, ago(1));
    const production = await batch(db, ago(400));

    const result = await runRetention(db, DAYS, { pauseMs: 0, batchSize: 10, testDb });
    expect(result.testOrders).toBe(1);
    const ids = async (database: Database) =>
      (await queryRows<{ id: string }>(database, sql`select id from receipt_batches`)).map((row) => row.id).sort();
    expect(await ids(testDb)).toEqual([named, fresh].sort());
    expect(await ids(db)).toEqual([production]);
  });
});

describe('retention configuration', () => {
  it('defaults to 90 and 730 days and reads the variables', () => {
    expect(loadConfig({}).retention).toEqual({ messageDays: 90, auditDays: 730, testDays: 30 });
    expect(
      loadConfig({ RETENTION_DAYS: '30', AUDIT_RETENTION_DAYS: '365', TEST_RETENTION_DAYS: '7' }).retention,
    ).toEqual({ messageDays: 30, auditDays: 365, testDays: 7 });
  });

  it.each([
    ['RETENTION_DAYS', '0'],
    ['RETENTION_DAYS', '-5'],
    ['RETENTION_DAYS', '1.5'],
    ['RETENTION_DAYS', 'negentig'],
    ['AUDIT_RETENTION_DAYS', '0'],
    ['AUDIT_RETENTION_DAYS', 'twee jaar'],
    ['TEST_RETENTION_DAYS', '0'],
  ])('refuses %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      `Invalid configuration: ${name}: ${name} must be a whole number of days, at least 1`,
    );
  });
});
