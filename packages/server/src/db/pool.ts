import pg from 'pg';

/**
 * node-postgres' pool, safe for drizzle's transactions.
 *
 * drizzle-orm 0.45.4 checks a connection out for a transaction and sends BEGIN before the
 * try/finally that gives it back (drizzle-team/drizzle-orm#6241, open). When the server goes away
 * between the checkout and BEGIN — a restart, a failover, an administrator ending sessions — BEGIN
 * fails and the connection stays checked out for the life of the process: each such moment costs
 * the pool one of its connections for good, until it has none left, and closing the pool waits
 * for ever (seen as a hung shutdown after the database outage test).
 *
 * A checkout by `connect()` (drizzle's transactions; our code checks out nothing itself) whose first
 * statement fails is therefore given back at once, as broken (the pool closes it); a later
 * `release()` of that checkout — a drizzle that fixed it calls one — does nothing. The callback form
 * of `connect()`, which the pool's own `query()` uses and releases itself, is untouched.
 * Remove this once drizzle releases the connection itself.
 */
export class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releaseIfFirstStatementFails);
  }
}

function releaseIfFirstStatementFails(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    // The next checkout sends its statements through the client's own query again.
    Reflect.deleteProperty(client, 'query');
    release(error);
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const first = (...args: unknown[]): unknown => {
    Reflect.deleteProperty(client, 'query');
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => client.release(error instanceof Error ? error : true));
    }
    return result;
  };
  Object.defineProperty(client, 'query', { value: first, configurable: true, writable: true });
  return client;
}
