import { count, sql, type SQL } from 'drizzle-orm';
import { index, type AnyPgColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { MONITORING_COUNT_CAP, OPDRACHT_FINISHED_THRESHOLD, VERSIENUMMER_HOOFDNET, type Flow } from '@knooppunt/domain';
import type { Database } from './client';

/*
 * The monitoring lists (docs/decisions/0010). The partial indexes of schema.ts and the searches'
 * WHERE clauses are built from the same expressions below, because the planner uses a partial or
 * expression index only for a query that says exactly the same. The flow is therefore a literal:
 * with a bound parameter the planner could not prove that a flow's index applies.
 */
if (!/^[\w.]+$/.test(VERSIENUMMER_HOOFDNET)) throw new Error('VERSIENUMMER_HOOFDNET must stay a plain literal');
const HOOFDNET = sql.raw(`'${VERSIENUMMER_HOOFDNET}'`);

/** Hoofdnet is `versienummer = 'h1.0'`, Aansluiting every other version number (spec 000 §7). */
export function flowCondition(versienummer: AnyPgColumn, flow: Flow): SQL {
  return flow === 'hoofdnet' ? sql`${versienummer} = ${HOOFDNET}` : sql`${versienummer} <> ${HOOFDNET}`;
}

/** The nextAttempt the portal shows: none once delivered. */
export function shownNextAttempt(columns: { deliveredAt: AnyPgColumn; nextAttempt: AnyPgColumn }): SQL {
  return sql`(case when ${columns.deliveredAt} is null then ${columns.nextAttempt} end)`;
}

/** Orders below the finished threshold and not in error: the Open filter (spec 000 §4). */
export function openCondition(columns: { status: AnyPgColumn; inError: AnyPgColumn }): SQL {
  return sql`${columns.status} < ${sql.raw(String(OPDRACHT_FINISHED_THRESHOLD))} and not ${columns.inError}`;
}

/** Orders at or above the finished threshold and not in error: the Afgerond filter (spec 000 §4). */
export function finishedCondition(columns: { status: AnyPgColumn; inError: AnyPgColumn }): SQL {
  return sql`${columns.status} >= ${sql.raw(String(OPDRACHT_FINISHED_THRESHOLD))} and not ${columns.inError}`;
}

/** Messages that failed at least once: the error-only filter. */
export function failedCondition(columns: { failedAttempts: AnyPgColumn }): SQL {
  return sql`${columns.failedAttempts} > 0`;
}

/** Messages that failed and are not delivered yet: uitval (spec 001 §3, isInError). */
export function uitvalCondition(columns: { failedAttempts: AnyPgColumn; deliveredAt: AnyPgColumn }): SQL {
  return sql`${failedCondition(columns)} and ${columns.deliveredAt} is null`;
}

/**
 * One partial index per flow: every row sits in exactly one of the two, so the pair costs a write
 * what one index costs. `also` narrows both (a query must then say it too).
 */
export function perFlow(
  name: string,
  versienummer: AnyPgColumn,
  columns: [AnyPgColumn | SQL, ...(AnyPgColumn | SQL)[]],
  also?: SQL,
) {
  return (['aansluiting', 'hoofdnet'] as const).map((flow) =>
    index(`${name}_${flow}_idx`)
      .on(...columns)
      .where(also ? sql`${flowCondition(versienummer, flow)} and ${also}` : flowCondition(versienummer, flow)),
  );
}

/**
 * Tenancy (decision 0010): only rows where the participant is one of the two parties; every row
 * when `deelnemer` is undefined (the super role).
 */
export function partyCondition(deelnemer: string | undefined, first: PgColumn, second: PgColumn): SQL | undefined {
  if (deelnemer === undefined) return undefined;
  return sql`(${first} = ${deelnemer} or ${second} = ${deelnemer})`;
}

export interface CappedCount {
  count: number;
  countIsLowerBound: boolean;
}

/**
 * Counts the rows of `table` matching `where` up to MONITORING_COUNT_CAP: past the cap the answer
 * is the cap as a lower bound ('meer dan'), having read at most cap + 1 index entries.
 */
export async function cappedCount(db: Database, table: PgTable, where: SQL | undefined): Promise<CappedCount> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(MONITORING_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const n = row?.n ?? 0;
  return { count: Math.min(n, MONITORING_COUNT_CAP), countIsLowerBound: n > MONITORING_COUNT_CAP };
}

/** The count of two disjoint sets of rows, each counted with `cappedCount`, capped the same way. */
export function sumOfCounts(counts: CappedCount[]): CappedCount {
  const total = counts.reduce((sum, counted) => sum + counted.count, 0);
  return {
    count: Math.min(total, MONITORING_COUNT_CAP),
    countIsLowerBound: total > MONITORING_COUNT_CAP || counts.some((counted) => counted.countIsLowerBound),
  };
}
