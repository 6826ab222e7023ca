import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { FUNCTIONS_COMMAND, FUNCTIONS_FILE, functionDefinitions } from '../src/db/function-definitions';
import { testDatabase } from './support/test-database';

/*
 * drizzle/functions.sql is the one readable copy of the database's functions, whose bodies the
 * migrations replace one after the other: a migration that changes a function changes it too.
 */
it('drizzle/functions.sql holds the functions and triggers the migrations leave', async () => {
  const created = await testDatabase('knooppunt_functions');
  const handle = await openDatabase(created.database, undefined, { migrate: false });
  try {
    const migrated = await functionDefinitions(handle.db);
    const checkedIn = await readFile(FUNCTIONS_FILE, 'utf8').catch(() => '(missing)');
    expect(checkedIn, `drizzle/functions.sql differs from the migrated database: run \`${FUNCTIONS_COMMAND}\``).toBe(
      migrated,
    );
  } finally {
    await handle.close();
    await created.drop();
  }
});
