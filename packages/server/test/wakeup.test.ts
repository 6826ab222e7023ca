import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyNewWork } from '../src/delivery/enqueue';
import { createWakeup, type ListenerClientFactory, type Wakeup } from '../src/delivery/wakeup';
import { freshDatabase, type FreshDatabase } from './support/delivery';

let database: FreshDatabase | undefined;
let wakeup: Wakeup | undefined;
afterEach(async () => {
  await wakeup?.close();
  await database?.handle.close();
  await database?.drop();
  wakeup = database = undefined;
});

/** How long `wait` takes to resolve after a committed NOTIFY, with a long fallback poll. */
async function wokenWithin(db: FreshDatabase['handle']['db'], w: Wakeup): Promise<number> {
  const started = Date.now();
  const woken = w.wait(5_000);
  await db.transaction((tx) => notifyNewWork(tx));
  await woken;
  return Date.now() - started;
}

describe('outbox wake-ups', () => {
  it('a committed NOTIFY wakes a waiting worker at once; one that came while it was busy is not lost', async () => {
    database = await freshDatabase();
    wakeup = await createWakeup(database.handle);
    await wakeup.wait(0); // the listener's start-up signal
    expect(await wokenWithin(database.handle.db, wakeup)).toBeLessThan(500);

    // Notified while nobody waited (the listener has it): the next wait returns at once.
    const before = wakeup.received;
    await database.handle.db.transaction((tx) => notifyNewWork(tx));
    await expect.poll(() => wakeup!.received).toBe(before + 1);
    const started = Date.now();
    await wakeup.wait(5_000);
    expect(Date.now() - started).toBeLessThan(50);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'PostgreSQL: the listener reconnects after its connection is killed, and wakes again',
    { timeout: 20_000 },
    async () => {
      database = await freshDatabase();
      const warnings: string[] = [];
      wakeup = await createWakeup(database.handle, { warn: (_object, message) => warnings.push(message) });
      await wakeup.wait(0);
      await database.handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => warnings).toEqual(['outbox listener lost its connection; polling until it is back']);
      // Reconnected after RECONNECT_MS (2 s); its first act is a wake-up for work that came meanwhile.
      const before = wakeup.received;
      await expect.poll(() => wakeup!.received, { timeout: 5_000 }).toBe(before + 1);
      await wakeup.wait(0);
      expect(await wokenWithin(database.handle.db, wakeup)).toBeLessThan(500);
    },
  );

  describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL: the listening connection', () => {
    /** Real pg clients, remembered; while `held`, a new one waits before it connects. */
    function clientsOfTest() {
      const clients: pg.Client[] = [];
      const ended = new Set<pg.Client>();
      let release: () => void = () => undefined;
      let held: Promise<void> | undefined;
      const newClient: ListenerClientFactory = (config) => {
        const client = new pg.Client(config);
        clients.push(client);
        client.on('end', () => ended.add(client));
        const gate = held;
        if (gate) {
          const connect = client.connect.bind(client);
          client.connect = (async () => {
            await gate;
            return connect();
          }) as typeof client.connect;
        }
        return client;
      };
      return {
        clients,
        ended,
        newClient,
        hold: () => void (held = new Promise<void>((resolve) => (release = resolve))),
        release: () => release(),
      };
    }

    const listeners = async (db: FreshDatabase['handle']['db']) =>
      (
        (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;

    it('a connection that errors twice reconnects once: one listener, no leaked connection', async () => {
      database = await freshDatabase();
      const test = clientsOfTest();
      const warnings: string[] = [];
      wakeup = await createWakeup(
        database.handle,
        { warn: (_object, message) => warnings.push(message) },
        { newClient: test.newClient, reconnectMs: 50 },
      );
      await wakeup.wait(0);
      // pg may report one loss as several errors (the socket's, then the protocol's).
      test.clients[0]!.emit('error', new Error('verbinding verbroken'));
      test.clients[0]!.emit('error', new Error('verbinding gesloten'));

      // Back: a NOTIFY wakes the worker again through the new connection.
      await expect.poll(() => test.clients.length).toBeGreaterThanOrEqual(2);
      await wakeup.wait(5_000);
      expect(await wokenWithin(database.handle.db, wakeup)).toBeLessThan(500);
      expect(test.clients).toHaveLength(2);
      expect(await listeners(database.handle.db)).toBe(1);
      expect(warnings).toEqual(['outbox listener lost its connection; polling until it is back']);
    });

    it('close during a reconnect also ends the connection being opened', async () => {
      database = await freshDatabase();
      const test = clientsOfTest();
      wakeup = await createWakeup(
        database.handle,
        { warn: () => undefined },
        { newClient: test.newClient, reconnectMs: 50 },
      );
      await wakeup.wait(0);
      test.hold();
      await database.handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      // The reconnect has begun and waits to connect.
      await expect.poll(() => test.clients.length).toBe(2);

      const closing = wakeup.close();
      wakeup = undefined;
      test.release();
      await closing;
      // Both connections ended: the lost one, and the one that was being opened when close came.
      await expect.poll(() => test.ended.size, { timeout: 3_000 }).toBe(2);
      expect(test.clients).toHaveLength(2);
      expect(await listeners(database.handle.db)).toBe(0);
    });
  });
});
