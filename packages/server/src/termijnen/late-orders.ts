import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { lateOrders, opdrachten } from '../db/schema';
import { periodic } from '../lib/periodic';
import { Statement } from '../db/statement';
import { deadlinesParameter, deadlinesPastOf, type DeadlineRules } from './deadlines';

/**
 * `late_orders`, the open orders past a deadline (decision 0063), refreshed from the messages: the
 * order lists' filter 'Termijn verlopen' narrows to it instead of measuring every open order — at
 * a hundred thousand open orders that is seconds, too slow for a list. Every process refreshes
 * every `intervalMs`, the one that claims the refresh row first; a deadline changed through this
 * process refreshes at once (`soon`).
 */
export interface LateOrders {
  /** Refreshes now (unless another process is refreshing); true when this call did. */
  refresh(): Promise<boolean>;
  /** Refreshes as soon as possible, without waiting (after a deadline changed). */
  soon(): void;
  start(): void;
  stop(): Promise<void>;
}

const replace = new Statement(
  sql`insert into ${lateOrders} (opdracht_id, versienummer, opdrachtgever, opdrachtnemer, since)
      select ${opdrachten.opdrachtId}, ${opdrachten.versienummer}, ${opdrachten.opdrachtgever},
        ${opdrachten.opdrachtnemer}, late.since
      from ${opdrachten}
      cross join lateral (select min(past.started) as since from (${deadlinesPastOf(opdrachten)}) as past) as late
      where ${opdrachten.status} < 900 and late.since is not null`,
  () => undefined,
);

export function createLateOrders(options: {
  db: Database;
  deadlines: DeadlineRules;
  intervalMs: number;
  log: { error(object: object, message: string): void };
}): LateOrders {
  const { db, deadlines, log } = options;
  let running: Promise<boolean> | undefined;

  async function refreshOnce(force: boolean): Promise<boolean> {
    const rules = await deadlines.rules();
    const now = deadlines.now();
    return db.transaction(async (tx) => {
      // The claim: one refresh at a time, and no more than one an interval unless forced.
      const claimed = await queryRows<{ id: boolean }>(
        tx,
        sql`insert into late_orders_refresh (id, refreshed_at) values (true, now())
            on conflict (id) do update set refreshed_at = now()
              where ${force ? sql`true` : sql`late_orders_refresh.refreshed_at < now() - ${options.intervalMs / 2} * interval '1 millisecond'`}
            returning id`,
      );
      if (claimed.length === 0) return false;
      await tx.execute(sql`delete from late_orders`);
      if (rules.length > 0) await replace.run(tx, { termijnen: deadlinesParameter(rules, now) });
      return true;
    });
  }

  /** A refresh that starts after this call: one already running may have read the deadlines before a change. */
  const refresh = (force = true): Promise<boolean> => {
    if (running) {
      return running.then(
        () => refresh(force),
        () => refresh(force),
      );
    }
    const current = refreshOnce(force).finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };

  const failed = (error: unknown) => {
    if (!isDatabaseUnavailable(error)) log.error({ err: error }, 'refreshing the orders past a deadline failed');
  };
  // At start too: a process that starts after a pause shows what ran out meanwhile.
  const timer = periodic(() => refresh(false), { everyMs: options.intervalMs, atStart: true, onError: failed });

  return {
    refresh: () => refresh(true),
    soon: () => {
      refresh(true).catch(failed);
    },
    start: timer.start,
    async stop() {
      await timer.stop();
      await running?.catch(() => {});
    },
  };
}
