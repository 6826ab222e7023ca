import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from './client';
import { TEST_SCHEMA } from './test-environment';

/**
 * The one readable copy of the database's functions and triggers as the migrations leave them:
 * their bodies are spread over the migrations that replaced them one after the other.
 */
export const FUNCTIONS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/functions.sql');

/** The command that writes FUNCTIONS_FILE (packages/server/scripts/database-functions.ts). */
export const FUNCTIONS_COMMAND = 'npm run db:functions -w @knooppunt/server';

const SCHEMAS = sql`('public', ${TEST_SCHEMA})`;

const HEADER = `-- The functions and triggers of the public and ${TEST_SCHEMA} schemas as the migrations in this
-- folder leave them, read from a migrated database (pg_get_functiondef, pg_get_triggerdef). Not
-- a migration: a function changes in a new migration, and then
-- \`${FUNCTIONS_COMMAND}\` writes this file again; the server test
-- database-functions.test.ts fails while it differs.
`;

/**
 * The text of FUNCTIONS_FILE for this database: every function of both schemas (none of an
 * extension) by schema — public first — name and arguments, then every trigger by table and name.
 */
export async function functionDefinitions(db: Database): Promise<string> {
  const functions = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
               pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ${SCHEMAS} and p.prokind in ('f', 'p')
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by n.nspname <> 'public', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`,
  );
  const triggers = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select n.nspname || '.' || c.relname || ' ' || t.tgname as name, pg_get_triggerdef(t.oid, true) as definition
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ${SCHEMAS} and not t.tgisinternal
        order by n.nspname <> 'public', n.nspname, c.relname, t.tgname`,
  );
  const section = (title: string, rows: { name: string; definition: string }[]) => [
    `\n-- ${title}${rows.length === 0 ? ': none.' : ''}\n`,
    ...rows.map((row) => `\n-- ${row.name}\n${row.definition.trimEnd()};\n`),
  ];
  return [HEADER, ...section('Functions', functions), ...section('Triggers', triggers)].join('');
}

/** FUNCTIONS_FILE's text from a new in-memory PGlite database with every migration applied. */
export async function migratedFunctionDefinitions(): Promise<string> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    return await functionDefinitions(handle.db);
  } finally {
    await handle.close();
  }
}
