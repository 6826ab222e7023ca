import { eq, sql } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { messages, opdrachten } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { pause } from './support/delivery';

/**
 * Accepting is all-or-nothing per submission, never per batch (issue 20, item 1): submissions of
 * three participants are group-committed together around one that fails inside the database, or
 * while the database fails the batch for a moment. Through the real route and the real batcher.
 */
let t: TestApp;
const systems: Record<string, Record<string, string>> = {};
const SENDERS = ['Netbeheer_Noord', 'Netbeheer_Zuid', 'Netbeheer_West', 'Aannemer_Alfa'];

const postgres = () => t.config.database.kind === 'postgres';
const run = async (statements: string[]) => {
  for (const statement of statements) await t.app.db.execute(sql.raw(statement));
};

beforeAll(async () => {
  t = await createTestApp();
  for (const deelnemer of SENDERS) {
    systems[deelnemer] = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
  }
  await run([
    // A message about an order BAD-… passes every check of the application and fails in the
    // database: a trigger refuses the statement that inserts it. It first notes (in a sequence,
    // which a rollback does not undo) how many messages the largest statement it failed carried.
    'create sequence bad_batch',
    `create function refuse_bad() returns trigger language plpgsql as $$
     begin
       if exists (select 1 from inserted where opdracht_id like 'BAD-%') then
         perform setval('bad_batch', greatest((select count(*) from inserted),
                                               (select case when is_called then last_value else 0 end from bad_batch)));
         raise exception 'test: the database refuses this message' using errcode = '23514';
       end if;
       return null;
     end $$`,
    `create trigger refuse_bad after insert on messages referencing new table as inserted
     for each statement execute function refuse_bad()`,
  ]);
});
afterAll(() => t.close());

type Example = (typeof EXAMPLE_BERICHTEN)[keyof typeof EXAMPLE_BERICHTEN];
const about = (opdrachtId: string, example: Example, data: object = {}) => ({
  ...example,
  opdrachtId,
  data: { ...example.data, ...data },
});
const submit = (from: string, bericht: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/berichten',
    headers: { ...systems[from], ...(key && { 'idempotency-key': key }) },
    payload: bericht,
  });
const order = (opdrachtId: string, from = 'Netbeheer_Noord', key?: string) =>
  submit(from, about(opdrachtId, EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }), key);
const stored = (opdrachtId: string) => t.app.db.select().from(messages).where(eq(messages.opdrachtId, opdrachtId));
/** How far a sequence of a trigger got (0: never used); a rollback does not undo it. */
const sequence = async (name: string) => {
  const query = `select (case when is_called then last_value else 0 end)::integer as value from ${name}`;
  return (await queryRows<{ value: number }>(t.app.db, sql.raw(query)))[0]!.value;
};

/**
 * Sends `submissions` so that they are accepted as ONE batch: a pacer's batch (a Planning on the
 * order `pacerOrder`) is held in the database — the test's transaction has its order locked
 * (PostgreSQL) or the one connection taken (PGlite) — while they arrive and queue behind it.
 */
async function batchedBehindPacer(pacerOrder: string, submissions: (() => ReturnType<typeof submit>)[]) {
  expect((await order(pacerOrder)).statusCode).toBe(202);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const held = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.app.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from opdrachten where opdracht_id = ${pacerOrder} for update`);
    locked();
    await gate;
  });
  await held;
  const pacer = submit('Aannemer_Alfa', about(pacerOrder, EXAMPLE_BERICHTEN.Planning));
  if (postgres()) {
    // The pacer's batch waits for the lock.
    await vi.waitFor(
      async () => {
        const [row] = await queryRows<{ waiting: number }>(
          t.app.db,
          sql`select count(*)::integer as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(row?.waiting).toBe(1);
      },
      { timeout: 5000, interval: 20 },
    );
  } else await pause(100);
  const responses = submissions.map((send) => send());
  if (postgres()) {
    // They passed their checks and wait for the next batch, behind the pacer's (/metrics says so).
    await vi.waitFor(
      async () =>
        expect((await t.app.inject('/metrics')).body).toMatch(
          new RegExp(`^knooppunt_accept_waiting ${submissions.length}$`, 'm'),
        ),
      { timeout: 10_000, interval: 20 },
    );
  } else {
    // PGlite's one connection is held, so their checks' queries queue behind it: nothing to watch
    // from outside. The batch-size assertions of the tests prove they did go together.
    await pause(300);
  }
  release();
  await holder;
  expect((await pacer).statusCode).toBe(202);
  return Promise.all(responses);
}

describe('accepting is all-or-nothing per submission', () => {
  it('answers each submission of a batch that failed in the database as what was stored', async () => {
    const [noord, zuid, west] = await batchedBehindPacer('P-1', [
      () => order('A-1', 'Netbeheer_Noord'),
      () => order('BAD-1', 'Netbeheer_Zuid'),
      () => order('C-1', 'Netbeheer_West'),
    ]);
    // The three went in one batch, and the bad message failed it.
    expect(await sequence('bad_batch')).toBe(3);

    expect(noord!.statusCode).toBe(202);
    expect(west!.statusCode).toBe(202);
    const [a] = await stored('A-1');
    const [c] = await stored('C-1');
    expect(await stored('A-1')).toHaveLength(1);
    expect(await stored('C-1')).toHaveLength(1);
    expect(a).toMatchObject({ id: noord!.json().id, sender: 'Netbeheer_Noord' });
    expect(c).toMatchObject({ id: west!.json().id, sender: 'Netbeheer_West' });

    // The bad one gets its own error, and nothing of it is stored: no message, no order.
    expect(zuid!.statusCode).toBe(500);
    expect(zuid!.json()).toEqual({ message: 'Er ging iets mis op de server.' });
    expect(await stored('BAD-1')).toEqual([]);
    expect(await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'BAD-1'))).toEqual([]);
  });

  it('runs a batch again after a serialization failure, a deadlock and a lost connection: all accepted once', async () => {
    await run([
      'create sequence transient_tries',
      'create sequence transient_batch',
      // The first three statements that insert a message about an order T-… fail as the database
      // can fail any transaction for a moment; the fourth goes through.
      `create function fail_transiently() returns trigger language plpgsql as $$
       declare try bigint;
       begin
         if not exists (select 1 from inserted where opdracht_id like 'T-%') then return null; end if;
         try := nextval('transient_tries');
         if try = 1 then
           perform setval('transient_batch', (select count(*) from inserted));
           raise exception 'test: could not serialize access' using errcode = '40001';
         elsif try = 2 then
           raise exception 'test: deadlock detected' using errcode = '40P01';
         elsif try = 3 then
           ${
             postgres()
               ? 'perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(5);'
               : // PGlite has no connection to lose: the code PostgreSQL sends as it ends one.
                 "raise exception 'test: terminating connection' using errcode = '57P01';"
           }
         end if;
         return null;
       end $$`,
      `create trigger fail_transiently after insert on messages referencing new table as inserted
       for each statement execute function fail_transiently()`,
    ]);
    const responses = await batchedBehindPacer('P-2', [
      () => order('T-1', 'Netbeheer_Noord', 't-1'),
      () => order('T-2', 'Netbeheer_Zuid'),
      () => order('T-3', 'Netbeheer_West', 't-3'),
    ]);
    // The three went in one batch, which failed three times and was written the fourth.
    expect(await sequence('transient_batch')).toBe(3);
    expect(await sequence('transient_tries')).toBe(4);

    expect(responses.map((response) => response.statusCode)).toEqual([202, 202, 202]);
    expect(responses.map((response) => response.json().duplicate)).toEqual([false, false, false]);
    for (const [i, opdrachtId] of ['T-1', 'T-2', 'T-3'].entries()) {
      const rows = await stored(opdrachtId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(responses[i]!.json().id);
    }
  });

  it('runs a lone submission again after a serialization failure', async () => {
    await run([
      'create sequence lone_tries',
      `create function fail_once() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from inserted where opdracht_id = 'S-1') and nextval('lone_tries') = 1 then
           raise exception 'test: could not serialize access' using errcode = '40001';
         end if;
         return null;
       end $$`,
      `create trigger fail_once after insert on messages referencing new table as inserted
       for each statement execute function fail_once()`,
    ]);
    const response = await order('S-1', 'Netbeheer_Noord', 's-1');
    expect(await sequence('lone_tries')).toBe(2);
    expect(response.statusCode).toBe(202);
    expect((await stored('S-1')).map((m) => m.id)).toEqual([response.json().id]);
  });
});
