import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/*
 * The test environment (issue 28, decision 0038): the exchange's tables once more in the schema
 * knooppunt_test (migration 0029), reached through a database handle whose search path finds them
 * before production's. Organisations, users, system clients, business rules and the audit log
 * exist once, in public, and are shared.
 */

export const TEST_SCHEMA = 'knooppunt_test';

/** The tables each environment has of its own, in the test schema as in public. */
export const TEST_ENVIRONMENT_TABLES = [
  'configurations',
  'senders',
  'sender_log',
  'opdrachten',
  'leveringen',
  'messages',
  'order_heads',
  'delivery_minutes',
  'delivery_alerts',
  'delivery_rate_buckets',
  'webhook_secrets',
  'receipt_batches',
] as const;

/** The test environment's search path; without a space, as a connection's `options` takes it. */
export const TEST_SEARCH_PATH = `${TEST_SCHEMA},public`;
/** Test traffic is light; its own few connections keep it from taking production's. */
export const TEST_POOL_SIZE = 3;

/**
 * PGlite is one connection, so the test environment cannot have connections of its own: every
 * statement of the test handle runs in a transaction that sets the search path for itself alone
 * (`set local`). PGlite runs one transaction at a time and a query outside one waits for it, so a
 * production statement never runs under the test search path, nor a test statement under
 * production's.
 */
export function testEnvironmentClient(client: PGlite) {
  const scoped = <T>(run: (tx: Transaction) => Promise<T>) =>
    client.transaction(async (tx) => {
      await tx.exec(`set local search_path to ${TEST_SEARCH_PATH}`);
      return run(tx);
    });
  return {
    query: ((query: string, params?: unknown[], options?: QueryOptions) =>
      scoped((tx) => tx.query(query, params, options))) as PGlite['query'],
    exec: ((query: string, options?: QueryOptions) => scoped((tx) => tx.exec(query, options))) as PGlite['exec'],
    transaction: (<T>(run: (tx: Transaction) => Promise<T>) => scoped(run)) as PGlite['transaction'],
    listen: client.listen.bind(client),
  } as unknown as PGlite;
}
