import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Omgeving } from '@knooppunt/domain';
import type { DatabaseHandle } from '../db/client';

/**
 * The NOTIFY channels of new work in each environment's outbox: enqueue.ts notifies
 * `outbox_channel()`, which the search path resolves to its environment's (migration 0029).
 */
export const OUTBOX_CHANNELS: Record<Omgeving, string> = {
  productie: 'knooppunt_outbox',
  test: 'knooppunt_outbox_test',
};
export const OUTBOX_CHANNEL = OUTBOX_CHANNELS.productie;

/** How long a worker sleeps without a wake-up: the fallback for a lost notification. */
export const POLL_INTERVAL_MS = 1000;

const RECONNECT_MS = 2000;

export interface Wakeup {
  /** Wakes waiting workers of this process now (after a sender is resumed, a failure is retried …). */
  signal(): void;
  /**
   * Resolves on the next signal or notification, or after `ms`; at once when one came since the
   * last wait returned — a wake-up while the worker was busy claiming is not lost.
   */
  wait(ms?: number): Promise<void>;
  /** How many signals and notifications arrived so far (what a test waits for before it waits). */
  readonly received: number;
  close(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

export interface ListenerOptions {
  /** The channel listened to: production's outbox unless told (the test lane's, decision 0038). */
  channel?: string;
  /** Tests: how the PostgreSQL listener opens its connection. */
  newClient?: ListenerClientFactory;
  /** Tests: how long the PostgreSQL listener waits to reconnect. */
  reconnectMs?: number;
}

/**
 * Wake-ups on the outbox channel. PostgreSQL: one dedicated connection LISTENs (a pooled one could
 * be handed to someone else); it reconnects after a loss, polling covers the gap. PGlite is
 * in-process and delivers the NOTIFY of a committed transaction to its own listeners.
 */
export async function createWakeup(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  log?: Log,
  listener: ListenerOptions = {},
): Promise<Wakeup> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let pending = false;
  let received = 0;
  const signal = () => {
    pending = true;
    received += 1;
    events.emit('wake');
  };
  let close: () => Promise<void>;
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(listener.channel ?? OUTBOX_CHANNEL, signal);
    close = unlisten;
  } else {
    close = await listenOnPostgres((client as pg.Pool).options, signal, log, listener);
  }
  return {
    signal,
    wait: (ms = POLL_INTERVAL_MS) =>
      new Promise<void>((resolve) => {
        if (pending) {
          pending = false;
          return resolve();
        }
        const done = () => {
          pending = false;
          clearTimeout(timer);
          events.off('wake', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        events.once('wake', done);
      }),
    get received() {
      return received;
    },
    close,
  };
}

/** How the listener opens its connection: a real pg.Client; tests hold on to the clients they hand out. */
export type ListenerClientFactory = (options: pg.PoolConfig) => pg.Client;

/**
 * The LISTEN connection, kept up: one connection at a time and at most one reconnect in flight,
 * whatever errors its connection emits; `close` also ends a connection still being opened.
 */
async function listenOnPostgres(
  options: pg.PoolConfig,
  onNotify: () => void,
  log: Log | undefined,
  {
    newClient = (config) => new pg.Client(config),
    reconnectMs = RECONNECT_MS,
    channel = OUTBOX_CHANNEL,
  }: ListenerOptions,
): Promise<() => Promise<void>> {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const scheduleReconnect = () => {
    if (closed || retry || connecting) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect()
        .catch((error: unknown) => {
          log?.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'outbox listener could not reconnect; trying again',
          );
        })
        .finally(() => {
          connecting = undefined;
          if (!current) scheduleReconnect();
        });
    }, reconnectMs);
  };

  const connect = async (): Promise<void> => {
    const client = newClient(options);
    client.on('notification', onNotify);
    client.on('error', (error) => {
      void client.end().catch(() => {});
      // Only the connection in use reconnects, once: a client still connecting fails through connect().
      if (current !== client) return;
      current = undefined;
      log?.warn({ err: error.message }, 'outbox listener lost its connection; polling until it is back');
      scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    // Work that arrived while nobody listened.
    onNotify();
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    retry = undefined;
    await connecting;
    await current?.end().catch(() => {});
    current = undefined;
  };
}
