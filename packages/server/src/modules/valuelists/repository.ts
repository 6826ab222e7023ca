import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/**
 * The deelnemers of the organisations of type Aannemer, ascending; only `onlyDeelnemer` (when it
 * is one) when set.
 */
export async function aannemerDeelnemers(db: Database, onlyDeelnemer: string | undefined): Promise<string[]> {
  const rows = await queryRows<{ deelnemer: string }>(
    db,
    sql`select coalesce(metadata->>'deelnemer', organisatie) as deelnemer from organisations
        where type = 'Aannemer'
        ${onlyDeelnemer === undefined ? sql`` : sql`and coalesce(metadata->>'deelnemer', organisatie) = ${onlyDeelnemer}`}
        order by 1`,
  );
  return rows.map((row) => row.deelnemer);
}
