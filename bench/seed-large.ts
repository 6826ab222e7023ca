/**
 * npm run seed:large — fills the configured database with the monitoring lists' large seed:
 * 1,000,000 messages, 200,000 opdrachten, 50,000 leveringen, 1,000,000 audit entries (bench/search/seed-sql.ts describes
 * them). The database is the server's: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR
 * (default ./data). Stop a server that uses the same PGlite folder first.
 * Options: --messages N, --opdrachten N, --leveringen N, --audit N, --force (seed a database that already
 * holds more than 1,000 messages).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { databaseLabel } from '../packages/server/src/db/label';
import { EMPTY_ENOUGH, FULL_SIZES, messageCount, seedLarge, validSizes } from './search/seed';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: String(FULL_SIZES.messages) },
    opdrachten: { type: 'string', default: String(FULL_SIZES.opdrachten) },
    leveringen: { type: 'string', default: String(FULL_SIZES.leveringen) },
    audit: { type: 'string', default: String(FULL_SIZES.audit) },
    force: { type: 'boolean', default: false },
  },
});
const sizes = validSizes({
  messages: Number(values.messages),
  opdrachten: Number(values.opdrachten),
  leveringen: Number(values.leveringen),
  audit: Number(values.audit),
});

const config = loadConfig();
console.log(`Opening ${databaseLabel(config.database)} (applies pending migrations)`);
const handle = await openDatabase(config.database);
try {
  const existing = await messageCount(handle.db);
  if (existing > EMPTY_ENOUGH && !values.force) {
    console.error(
      `The database already holds more than ${EMPTY_ENOUGH} messages: not seeding (--force to add anyway).`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `Seeding ${sizes.messages.toLocaleString('en')} messages, ${sizes.opdrachten.toLocaleString('en')} opdrachten, ` +
        `${sizes.leveringen.toLocaleString('en')} leveringen`,
    );
    const result = await seedLarge(handle.db, sizes, (line) => console.log(`  ${line}`));
    console.log(
      `Done in ${result.seconds.toFixed(1)} s (ids tagged ${result.tag}): ${result.undelivered.toLocaleString('en')} ` +
        `undelivered messages, ${result.heads.toLocaleString('en')} order heads, ${result.inError.toLocaleString('en')} orders in error`,
    );
  }
} finally {
  await handle.close();
}
