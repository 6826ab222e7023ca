import { sql, type SQL } from 'drizzle-orm';
import { index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MONITORING_COUNT_CAP, OPDRACHT_FINISHED_THRESHOLD, VERSIENUMMER_HOOFDNET, type Flow } from '@knooppunt/domain';

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

/**
 * Finished orders (not in error) whose messages the retention job has not emptied at their current
 * `changed` (decision 0032): the partial index opdrachten_retention_idx and the job's walk say it alike.
 */
export function retentionDueCondition(columns: {
  status: AnyPgColumn;
  inError: AnyPgColumn;
  changed: AnyPgColumn;
  retainedChanged: AnyPgColumn;
}): SQL {
  return sql`${finishedCondition(columns)} and (${columns.retainedChanged} is null or ${columns.retainedChanged} <> ${columns.changed})`;
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

export interface CappedCount {
  count: number;
  countIsLowerBound: boolean;
}

/** The count of two disjoint sets of rows, each counted to the cap (monitoring/statements.ts), capped the same way. */
export function sumOfCounts(counts: CappedCount[]): CappedCount {
  const total = counts.reduce((sum, counted) => sum + counted.count, 0);
  return {
    count: Math.min(total, MONITORING_COUNT_CAP),
    countIsLowerBound: total > MONITORING_COUNT_CAP || counts.some((counted) => counted.countIsLowerBound),
  };
}
