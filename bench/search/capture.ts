/**
 * The SQL an API call runs, captured at the driver and replayed bare: the `query` method of the
 * client under Drizzle (node-postgres Pool or PGlite instance) is wrapped for one call, recording
 * its exact arguments (SQL text, parameters, the driver options Drizzle passed). Statements the
 * call issued while another was still running (a page and its count, in Promise.all) form one
 * group and are replayed concurrently again; groups run one after the other, as in the call.
 */
import type { FastifyInstance } from 'fastify';

type Query = (...args: unknown[]) => Promise<unknown>;
export interface RawClient {
  query: Query;
}
export type CapturedSql = unknown[][][];

/** The node-postgres Pool or PGlite instance the app's Drizzle database runs on. */
export function rawClientOf(app: FastifyInstance): RawClient {
  const client = (app.db as unknown as { $client?: RawClient }).$client;
  if (!client || typeof client.query !== 'function') throw new Error('no raw database client on app.db');
  return client;
}

export async function captureSql(client: RawClient, call: () => Promise<unknown>): Promise<CapturedSql> {
  const ownQuery = Object.prototype.hasOwnProperty.call(client, 'query');
  const original = client.query;
  const groups: CapturedSql = [];
  let inFlight = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (inFlight === 0) groups.push([]);
    groups.at(-1)!.push([...args]);
    inFlight += 1;
    return Promise.resolve(original.apply(this, args)).finally(() => {
      inFlight -= 1;
    });
  };
  try {
    await call();
  } finally {
    if (ownQuery) client.query = original;
    else delete (client as Partial<RawClient>).query;
  }
  return groups;
}

/** Runs the captured statements again on the raw client, grouped as captured. */
export async function replaySql(client: RawClient, captured: CapturedSql): Promise<void> {
  for (const group of captured) await Promise.all(group.map((args) => client.query(...args)));
}

/** The captured statements as text, one a line (for --show-sql). */
export function describeSql(captured: CapturedSql): string {
  return captured
    .map((group, i) =>
      group
        .map((args) => {
          const [first, params] = args as [string | { text: string }, unknown];
          const text = typeof first === 'string' ? first : first.text;
          return `  [${i + 1}] ${text.replace(/\s+/g, ' ')}  -- ${JSON.stringify(params)}`;
        })
        .join('\n'),
    )
    .join('\n');
}

export const statementCount = (captured: CapturedSql) => captured.reduce((n, group) => n + group.length, 0);
