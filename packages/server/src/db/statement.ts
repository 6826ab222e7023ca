import { is, sql, SQL, type Query } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

export type Values = Record<string, unknown>;

export interface StatementOptions {
  /**
   * Prepares the statement on the server under this name (per connection; PGlite ignores it):
   * PostgreSQL then parses it once and, after five executions, keeps a generic plan instead of
   * planning every call. Only for statements whose plan cannot depend on the values or on how
   * big the tables are — lookups through a unique or selective index, run once per request —
   * since the generic plan is made once, from the statistics of that moment. Unnamed, every
   * execution is planned with its values.
   */
  name?: string;
}

type Prepared<T> = PgPreparedQuery<{ execute: T; all: unknown; values: unknown }>;

const render = (query: SQL | { toSQL(): Query }): Query => (is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL());

/** One SQL statement, rendered once, prepared once per database handle, run with a call's values. */
export class Statement<R> {
  private readonly query: Query;
  private readonly prepared = new WeakMap<Database, Prepared<R>>();

  /** `map` gets every row as an array of the selected columns, in the order selected. */
  constructor(
    query: SQL | { toSQL(): Query },
    private readonly map: (rows: unknown[][]) => R,
    private readonly options: StatementOptions = {},
  ) {
    this.query = render(query);
  }

  run(db: Database, values: Values = {}): Promise<R> {
    let prepared = this.prepared.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(this.query, undefined, this.options.name, true, (rows) => this.map(rows));
      this.prepared.set(db, prepared);
    }
    return prepared.execute(values);
  }
}

/**
 * A `Statement` whose rows come as objects keyed by column name (`Row` says what each holds as the
 * driver hands it): read by name, a column that the statement's result gains later shifts nothing.
 */
export class NamedStatement<Row extends object, R> {
  private readonly query: Query;
  private readonly prepared = new WeakMap<Database, Prepared<{ rows: Row[] }>>();

  constructor(
    query: SQL | { toSQL(): Query },
    private readonly map: (rows: Row[]) => R,
    private readonly options: StatementOptions = {},
  ) {
    this.query = render(query);
  }

  async run(db: Database, values: Values = {}): Promise<R> {
    let prepared = this.prepared.get(db);
    if (!prepared) {
      // Neither fields nor a mapper: both drivers answer their own result, its rows as objects.
      prepared = db._.session.prepareQuery(this.query, undefined, this.options.name, false);
      this.prepared.set(db, prepared);
    }
    return this.map((await prepared.execute(values)).rows);
  }
}

/** A value of the call, filled in when the statement runs. */
export const value = (name: string) => sql.placeholder(name);
