import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { queryRows, type Database } from '../../src/db/client';
import { createSecretCipher } from '../../src/secrets/cipher';
import { freshDatabase, seedReceiver, submit } from './delivery';
import {
  spawnWorker,
  startFanoutReceiver,
  type Arrival,
  type FanoutReceiver,
  type WorkerProcess,
} from './worker-process';

/** Receivers of the worker-process tests, all on one loopback server, and what each allows in flight. */
export const RECEIVERS = Array.from({ length: 50 }, (_, i) => `Ontvanger_${String(i + 1).padStart(2, '0')}`);
export const MAX_MESSAGES = 5;
/** Submitting connections at once; within one order the messages go one after the other. */
const SUBMIT_LANES = 8;

export interface Sent {
  receiver: string;
  opdrachtId: string;
  seq: number;
}

export interface Exchange {
  db: Database;
  receiver: FanoutReceiver;
  /** By message id. */
  sent: Map<string, Sent>;
  /** Submits message number `seq` of every order, for each of `seqs`; each commit notifies the workers. */
  submitRounds(seqs: number[]): Promise<void>;
  /** Spawns a worker process on this database (claim lease 5 × the timeout); it is killed after the test. */
  worker(name: string, outboundTimeoutMs: number): Promise<WorkerProcess>;
}

/**
 * `exchange()` for one test file: what it opens and spawns is closed and killed after every test,
 * last first (worker processes, the receiver, the database), also when the test fails.
 */
export function useExchange(): (orders: number, running: boolean) => Promise<Exchange> {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    const errors: unknown[] = [];
    for (const close of cleanup.splice(0).reverse()) await close().catch((error: unknown) => errors.push(error));
    if (errors.length > 0) throw errors[0];
  });
  return (orders, running) => exchange(orders, running, cleanup);
}

/**
 * A fresh database with 50 receivers on one loopback server (each its own path prefix, at most
 * MAX_MESSAGES in flight, paused unless `running`) and `orders` orders round-robin over them; each
 * message carries its sequence number within its order.
 */
async function exchange(orders: number, running: boolean, cleanup: (() => Promise<void>)[]): Promise<Exchange> {
  const database = await freshDatabase();
  cleanup.push(async () => {
    try {
      await database.handle.close();
    } finally {
      await database.drop();
    }
  });
  const databaseUrl = database.url;
  if (!databaseUrl) throw new Error('worker processes need a PostgreSQL database (TEST_DATABASE_URL)');
  const db = database.handle.db;
  // The worker processes get the key through SECRET_KEY to decrypt the client secrets seeded here.
  const key = randomBytes(32);
  const cipher = createSecretCipher(key);
  const receiver = await startFanoutReceiver([5, 30]);
  cleanup.push(receiver.close);
  for (const deelnemer of RECEIVERS) {
    await seedReceiver(db, cipher, {
      deelnemer,
      origin: receiver.origin,
      path: `/${deelnemer}`,
      maxMessages: MAX_MESSAGES,
      running,
    });
  }
  const sent = new Map<string, Sent>();
  const lane = async (first: number, seqs: number[]) => {
    for (const seq of seqs) {
      for (let order = first; order < orders; order += SUBMIT_LANES) {
        const message = { receiver: RECEIVERS[order % RECEIVERS.length]!, opdrachtId: `O-${order}`, seq };
        sent.set(await submit(db, { ...message, data: { seq } }), message);
      }
    }
  };
  return {
    db,
    receiver,
    sent,
    async submitRounds(seqs) {
      await Promise.all(Array.from({ length: SUBMIT_LANES }, (_, first) => lane(first, seqs)));
    },
    async worker(name, outboundTimeoutMs) {
      const worker = await spawnWorker(name, { databaseUrl, secretKey: key.toString('base64'), outboundTimeoutMs });
      cleanup.push(() => worker.kill());
      return worker;
    },
  };
}

export const messageIds = async (db: Database, where: SQL) =>
  new Set((await queryRows<{ id: string }>(db, sql`select id from messages where ${where}`)).map((row) => row.id));

export const undeliveredCount = async (db: Database) =>
  Number(
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from messages where delivered_at is null`))[0]?.n,
  );

/** Other sessions on this database inside a statement or transaction (a dead worker's, until rolled back). */
export const busySessions = async (db: Database) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
              and state <> 'idle'`,
      )
    )[0]?.n,
  );

/** Arrivals that match no submitted message, or not its receiver, order or sequence number. */
export const unknownArrivals = (arrivals: Arrival[], sent: Map<string, Sent>) =>
  arrivals.filter((a) => {
    const m = sent.get(a.id);
    return !m || m.receiver !== a.deelnemer || m.opdrachtId !== a.opdrachtId || m.seq !== a.seq;
  });

/** Per order, the first arrival of each message must be the next sequence number (strict FIFO). */
export function fifoViolations(arrivals: Arrival[]): string[] {
  const seen = new Set<string>();
  const last = new Map<string, number>();
  const violations: string[] = [];
  for (const arrival of arrivals) {
    if (seen.has(arrival.id)) continue;
    seen.add(arrival.id);
    const previous = last.get(arrival.opdrachtId) ?? -1;
    if (arrival.seq !== previous + 1) violations.push(`${arrival.opdrachtId}: #${arrival.seq} after #${previous}`);
    last.set(arrival.opdrachtId, arrival.seq);
  }
  return violations;
}

export const countById = (arrivals: Arrival[]) => {
  const counts = new Map<string, number>();
  for (const { id } of arrivals) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
};

export interface Repeated {
  id: string;
  /** Failed attempts the database recorded (a timeout on a loaded machine, say): each may be retried. */
  failedAttempts: number;
  err: unknown;
  /** [arrived, answered] at the receiver, ms. */
  receptions: [number, number][];
}

/** Messages the receiver got more than once, with the attempts the database recorded for them. */
export async function repeatedDeliveries(db: Database, arrivals: Arrival[]): Promise<Repeated[]> {
  const ids = [...countById(arrivals)].filter(([, n]) => n > 1).map(([id]) => id);
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string; failed_attempts: number; err: unknown }>(
    db,
    sql`select id, failed_attempts, err from messages
        where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return rows.map((row) => ({
    id: row.id,
    failedAttempts: Number(row.failed_attempts),
    err: row.err,
    receptions: arrivals
      .filter((a) => a.id === row.id)
      .map((a): [number, number] => [Math.round(a.start), Math.round(a.end ?? -1)]),
  }));
}

export const sample = (repeated: Repeated[]) =>
  `${repeated.length}${repeated.length > 0 ? `, e.g. ${JSON.stringify(repeated.slice(0, 3))}` : ''}`;

export const overLimit = (receiver: FanoutReceiver) =>
  [...receiver.maxOpen].filter(([, max]) => max > MAX_MESSAGES).map(([deelnemer, max]) => `${deelnemer}: ${max}`);
