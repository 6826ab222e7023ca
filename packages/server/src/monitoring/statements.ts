/**
 * The monitoring searches' SQL, built once per shape (decision 0010; docs/performance.md,
 * bench:search). A search has few shapes — its flow, which filters are set, the sort, tenancy —
 * and values that vary per call. Drizzle builds a shape's statements the first time it is asked
 * for, with `sql.placeholder` for every value, and they are kept prepared per database handle: a
 * call fills in its values and maps the rows (arrays, in selection order) straight to the views the
 * API answers, instead of building the query tree, rendering it and mapping rows generically on
 * every call. The statements stay unnamed on the server, so PostgreSQL still plans each execution
 * with its values, as before: only the work in JavaScript is saved.
 */
import { count, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { MONITORING_COUNT_CAP } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { sumOfCounts, type CappedCount } from '../db/monitoring';
import { Statement, value, type Values } from '../db/statement';

/** Builds statements without a database: they are only rendered here, and run by `Statement`. */
export const statementBuilder = new QueryBuilder();

/**
 * `build` once per shape. A shape is a small object of flags and names, never a value a user typed,
 * so the memo is bounded by the combinations a search allows (a few thousand at most for messages;
 * the screens use a few dozen).
 */
export function perShape<S, T>(build: (shape: S) => T): (shape: S) => T {
  const built = new Map<string, T>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let found = built.get(key);
    if (found === undefined) {
      found = build(shape);
      built.set(key, found);
    }
    return found;
  };
}

/**
 * Tenancy (decision 0010): only rows where the participant (the value `only`) is one of the two
 * parties.
 */
export function eitherParty(first: PgColumn, second: PgColumn): SQL {
  return sql`(${first} = ${value('only')} or ${second} = ${value('only')})`;
}

/**
 * The count of the rows of `table` matching `where` up to MONITORING_COUNT_CAP (the statement of
 * `cappedCount` in db/monitoring.ts): past the cap, the cap as a lower bound ('meer dan'), having
 * read at most cap + 1 index entries.
 */
export function cappedCountStatement(table: PgTable, where: SQL | undefined): Statement<CappedCount> {
  const capped = statementBuilder
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(MONITORING_COUNT_CAP + 1)
    .as('capped');
  return new Statement(statementBuilder.select({ n: count() }).from(capped), (rows) => {
    const n = Number(rows[0]?.[0] ?? 0);
    return { count: Math.min(n, MONITORING_COUNT_CAP), countIsLowerBound: n > MONITORING_COUNT_CAP };
  });
}

/** A monitoring list of one shape: its page, and the counts (of disjoint sets of rows) whose sum is its count. */
export interface ListStatements<Item> {
  page: Statement<Item[]>;
  counts: Statement<CappedCount>[];
}

/** One page of a monitoring list and its capped count, run together. */
export async function searchList<Item>(
  db: Database,
  statements: ListStatements<Item>,
  values: Values,
): Promise<{ items: Item[] } & CappedCount> {
  const [items, ...counts] = await Promise.all([
    statements.page.run(db, values),
    ...statements.counts.map((statement) => statement.run(db, values)),
  ]);
  return { items, ...sumOfCounts(counts) };
}

/** PostgreSQL's text of a timestamptz in a UTC session: `2026-11-21 04:33:52.203999+00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp as the API shows it: ISO 8601 in UTC with milliseconds, as `Date#toISOString`
 * writes it. The driver hands timestamps over as PostgreSQL's text (Drizzle's type parsers); in a
 * UTC session (the server's default here) that text is rewritten directly, as parsing it into a
 * `Date` costs more than the rest of a row; any other offset goes through `Date`. Both keep the
 * milliseconds and drop the microseconds.
 */
export function isoTimestamp(text: unknown): string {
  const utc = UTC_TIMESTAMP.exec(text as string);
  if (!utc) return new Date(text as string).toISOString();
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

export function isoTimestampOrNull(text: unknown): string | null {
  return text === null ? null : isoTimestamp(text);
}
