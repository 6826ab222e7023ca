import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { NamedStatement, value } from '../db/statement';

/**
 * How often a worker reads the receivers' limits (senders.max_per_second): a new limit holds
 * within this time. One small query a second per worker.
 */
export const RATE_LIMITS_REFRESH_MS = 1000;

/**
 * The receivers' 'Maximaal aantal berichten per seconde' (issue 30 item 5, decision 0050), kept
 * across every worker process by one schedule per receiver configuration in the database
 * (`delivery_rate_buckets`, the generic cell rate algorithm — a leaky bucket): a message may go
 * once the time of the next one has come, and each that goes moves that time one interval (1/rate
 * s) on. The messages go out evenly, never in a burst; a worker that wakes a little late loses the
 * limit nothing, since the time moves on from the schedule rather than from the moment it woke
 * (up to an interval); at most limit + 1 go in any second. A message to a limited receiver asks before it is sent; a receiver
 * without a limit costs nothing but a lookup in memory.
 */
export interface RateLimits {
  /** The limit of a receiver configuration in messages per second; 0 for none. */
  of(receiver: string, versienummer: string): number;
  /**
   * Asks to send one message to the receiver configuration now: answers 0 when it may, otherwise
   * the milliseconds until it may ask again (another worker may get that turn first).
   */
  take(receiver: string, versienummer: string, perSecond: number): Promise<number>;
  /**
   * Waits for a turn of the receiver configuration, asking again when told to wait, until
   * `deadline` (performance.now()) or until `going()` says no more. Answers whether the message may
   * be sent now; true at once without a limit.
   */
  waitForTurn(receiver: string, versienummer: string, deadline: number, going: () => boolean): Promise<boolean>;
  /** Reads the limits again when the last read is older than RATE_LIMITS_REFRESH_MS. */
  refresh(): Promise<void>;
}

const limitsStatement = new NamedStatement(
  sql`select deelnemer, versienummer, max_per_second from senders where max_per_second > 0`,
  (rows: { deelnemer: string; versienummer: string; max_per_second: number }[]) =>
    new Map(rows.map((row) => [key(row.deelnemer, row.versienummer), Number(row.max_per_second)])),
);

/** One interval of the limit; the lateness made up for is one interval too. */
const interval = sql`(1.0 / ${value('perSecond')}::float8) * interval '1 second'`;
const tolerance = interval;

// The row lock of the upsert makes the requests for one receiver, in whatever process, go one
// after the other. A first request finds no row and goes at once.
const takeStatement = new NamedStatement(
  sql`insert into delivery_rate_buckets as b (receiver, versienummer, next_at, granted)
      values (${value('receiver')}, ${value('versienummer')}, statement_timestamp() + ${interval}, true)
      on conflict (receiver, versienummer) do update set
        granted = b.next_at - ${tolerance} <= statement_timestamp(),
        next_at = case when b.next_at - ${tolerance} <= statement_timestamp()
                       then greatest(b.next_at, statement_timestamp()) + ${interval} else b.next_at end
      returning granted, extract(epoch from next_at - ${tolerance} - statement_timestamp()) * 1000 as wait_ms`,
  (rows: { granted: boolean; wait_ms: number | string }[]) => rows[0]!,
  { name: 'delivery_rate_take' },
);

const key = (receiver: string, versienummer: string) => `${receiver}\u0000${versienummer}`;

export function createRateLimits(db: Database, refreshMs = RATE_LIMITS_REFRESH_MS): RateLimits {
  let limits = new Map<string, number>();
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;
  const rateLimits: RateLimits = {
    of: (receiver, versienummer) => limits.get(key(receiver, versienummer)) ?? 0,
    async take(receiver, versienummer, perSecond) {
      const { granted, wait_ms: waitMs } = await takeStatement.run(db, { receiver, versienummer, perSecond });
      return granted ? 0 : Math.max(1, Math.ceil(Number(waitMs)));
    },
    async waitForTurn(receiver, versienummer, deadline, going) {
      const perSecond = rateLimits.of(receiver, versienummer);
      if (perSecond === 0) return true;
      for (;;) {
        const waitMs = await rateLimits.take(receiver, versienummer, perSecond);
        if (waitMs === 0) return true;
        if (!going() || performance.now() + waitMs > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    },
    refresh() {
      if (performance.now() - readAt < refreshMs) return Promise.resolve();
      reading ??= limitsStatement
        .run(db)
        .then((read) => {
          limits = read;
          readAt = performance.now();
        })
        .finally(() => {
          reading = undefined;
        });
      return reading;
    },
  };
  return rateLimits;
}
