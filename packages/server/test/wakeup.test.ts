import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyNewWork } from '../src/delivery/enqueue';
import { createWakeup, type Wakeup } from '../src/delivery/wakeup';
import { freshDatabase, pause, type FreshDatabase } from './support/delivery';

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

    // Signalled while nobody waited: the next wait returns at once.
    await database.handle.db.transaction((tx) => notifyNewWork(tx));
    await pause(100);
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
      await pause(200);
      expect(warnings).toEqual(['outbox listener lost its connection; polling until it is back']);
      // Reconnected after RECONNECT_MS (2 s); its first act is a wake-up for work that came meanwhile.
      await pause(2_500);
      await wakeup.wait(0);
      expect(await wokenWithin(database.handle.db, wakeup)).toBeLessThan(500);
    },
  );
});
