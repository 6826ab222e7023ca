import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { TEST_ENVIRONMENT_TABLES, TEST_SCHEMA } from '../src/db/test-environment';
import { createTestApp, type TestApp } from './helpers';

/*
 * The test environment's tables (migration 0029, decision 0038) must stay the production tables'
 * twins: the same code runs on both. A migration that changes one and forgets the other fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tables = sql.raw(`array[${TEST_ENVIRONMENT_TABLES.map((name) => `'${name}'`).join(', ')}]`);

/** Columns, constraints and indexes of the environment tables in one schema, without the schema's or the indexes' names. */
async function shape(schema: string) {
  const strip = (text: string | null) => (text ?? '').replaceAll(`${schema}.`, '').replaceAll('public.', '');
  const columns = await queryRows<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    t.app.db,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = ${schema} and table_name = any(${tables}) order by table_name, ordinal_position`,
  );
  const constraints = await queryRows<{ table_name: string; definition: string }>(
    t.app.db,
    sql`select c.relname as table_name, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relname = any(${tables}) order by 1, 2`,
  );
  const indexes = await queryRows<{ tablename: string; indexdef: string }>(
    t.app.db,
    sql`select tablename, indexdef from pg_indexes where schemaname = ${schema} and tablename = any(${tables})`,
  );
  return {
    columns: columns.map((c) => ({ ...c, column_default: strip(c.column_default) })),
    constraints: constraints.map((c) => `${c.table_name}: ${strip(c.definition)}`).sort(),
    indexes: indexes
      .map((i) => `${i.tablename}: ${strip(i.indexdef).replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+/, '$1')}`)
      .sort(),
  };
}

describe('the test environment’s tables', () => {
  it('are the production tables’ twins: the same columns, defaults, constraints and indexes', async () => {
    const production = await shape('public');
    const test = await shape(TEST_SCHEMA);
    expect(new Set(production.columns.map((c) => c.table_name))).toEqual(new Set(TEST_ENVIRONMENT_TABLES));
    expect(production.indexes.length).toBeGreaterThan(TEST_ENVIRONMENT_TABLES.length);
    expect(test).toEqual(production);
  });

  it('have the delivery functions’ twins, planned per connection instead of per call (migration 0037)', async () => {
    const definitions = async (schema: string) =>
      queryRows<{ name: string; definition: string }>(
        t.app.db,
        sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = ${schema} and p.proname in (
              select f.proname from pg_proc f join pg_namespace fn on fn.oid = f.pronamespace
              where fn.nspname = 'public' and 'plan_cache_mode=force_custom_plan' = any(f.proconfig))
            order by 1`,
      );
    const production = await definitions('public');
    const test = await definitions(TEST_SCHEMA);
    expect(production.map((f) => f.name)).toEqual(['delivery_claim', 'delivery_fail', 'delivery_record']);
    // A migration that replaced one of them in public without `select refresh_test_lane_functions()` fails here.
    expect(test).toEqual(
      production.map(({ name, definition }) => ({
        name,
        definition: definition
          .replace('FUNCTION public.', `FUNCTION ${TEST_SCHEMA}.`)
          .replace("\n SET plan_cache_mode TO 'force_custom_plan'", ''),
      })),
    );
  });

  it('count with sequences of their own', async () => {
    const [row] = await queryRows<{ test: string; production: string }>(
      t.app.db,
      sql`select pg_get_serial_sequence(${`${TEST_SCHEMA}.messages`}, 'seq') as test,
                 pg_get_serial_sequence('public.messages', 'seq') as production`,
    );
    expect(row?.test).toBe(`${TEST_SCHEMA}.messages_seq_seq`);
    expect(row?.production).toBe('public.messages_seq_seq');
  });
});
