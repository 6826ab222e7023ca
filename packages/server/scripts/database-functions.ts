// Writes drizzle/functions.sql: the database's functions and triggers as the migrations leave them.
import { writeFile } from 'node:fs/promises';
import { FUNCTIONS_FILE, migratedFunctionDefinitions } from '../src/db/function-definitions';

await writeFile(FUNCTIONS_FILE, await migratedFunctionDefinitions());
process.stdout.write(`Wrote ${FUNCTIONS_FILE}\n`);
