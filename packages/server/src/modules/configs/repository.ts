import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { configurations } from '../../db/schema';

export type ConfigurationRow = typeof configurations.$inferSelect;
export type NewConfiguration = typeof configurations.$inferInsert;

export interface ConfigListQuery {
  deelnemerContains?: string | undefined;
  versienummer?: string | undefined;
  /** Only this participant's rows (tenancy), when set. */
  onlyDeelnemer?: string | undefined;
  skip: number;
  limit: number;
  sortBy: 'created' | 'deelnemer' | 'updated';
  sortDirection: 'asc' | 'desc';
}

export interface ConfigListRow {
  deelnemer: string;
  versienummer: string;
  version: number;
  draft: boolean;
  updated: Date;
  senderVersion: number | null;
  senderRunning: boolean | null;
  senderMaxMessages: number | null;
  senderMaxPerSecond: number | null;
  senderChanged: Date | null;
}

const pair = (deelnemer: string, versienummer: string) =>
  and(eq(configurations.deelnemer, deelnemer), eq(configurations.versienummer, versienummer));

/** Raw rows come back with Date (node-postgres, PGlite) or ISO text; never lose the milliseconds. */
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * The overview: per participant and version number its newest active version and its draft, with
 * the sender of active rows. Sorted by the pair's first creation (spec: created ascending).
 */
export async function listConfigurations(db: Database, query: ConfigListQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.deelnemerContains) conditions.push(sql`c.deelnemer ilike ${containsPattern(query.deelnemerContains)}`);
  if (query.versienummer) conditions.push(sql`c.versienummer = ${query.versienummer}`);
  if (query.onlyDeelnemer !== undefined) conditions.push(sql`c.deelnemer = ${query.onlyDeelnemer}`);
  const where = sql.join(conditions, sql` and `);
  const direction = query.sortDirection === 'desc' ? sql`desc` : sql`asc`;
  const order = {
    created: sql`pair_created ${direction}, c.deelnemer asc, c.versienummer asc, c.draft asc`,
    deelnemer: sql`c.deelnemer ${direction}, c.versienummer asc, c.draft asc`,
    updated: sql`c.updated ${direction}, c.deelnemer asc`,
  }[query.sortBy];

  const shown = sql`
    select c.*,
      min(c.created) over (partition by c.deelnemer, c.versienummer) as pair_created,
      max(case when c.draft then null else c.version end) over (partition by c.deelnemer, c.versienummer) as newest_active
    from configurations c
    where ${where}`;
  const rows = await queryRows(
    db,
    sql`
    with shown as (${shown})
    select c.deelnemer, c.versienummer, c.version, c.draft, c.updated,
      s.version as sender_version, s.running as sender_running, s.max_messages as sender_max_messages,
      s.max_per_second as sender_max_per_second, s.changed as sender_changed,
      count(*) over () as total
    from shown c
    left join senders s on s.deelnemer = c.deelnemer and s.versienummer = c.versienummer and not c.draft
    where c.draft or c.version = c.newest_active
    order by ${order}
    offset ${query.skip} limit ${query.limit}`,
  );
  const items: ConfigListRow[] = rows.map((row) => ({
    deelnemer: String(row.deelnemer),
    versienummer: String(row.versienummer),
    version: Number(row.version),
    draft: Boolean(row.draft),
    updated: toDate(row.updated),
    senderVersion: row.sender_version === null ? null : Number(row.sender_version),
    senderRunning: row.sender_running === null ? null : Boolean(row.sender_running),
    senderMaxMessages: row.sender_max_messages === null ? null : Number(row.sender_max_messages),
    senderMaxPerSecond: row.sender_max_per_second === null ? null : Number(row.sender_max_per_second),
    senderChanged: row.sender_changed === null ? null : toDate(row.sender_changed),
  }));
  const count = rows.length ? Number(rows[0]?.total) : await countShown(db, shown, query.skip);
  return { items, count };
}

/** A page past the end has no row to carry the total; count separately then. */
async function countShown(db: Database, shown: SQL, skip: number): Promise<number> {
  if (skip === 0) return 0;
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`with shown as (${shown}) select count(*) as total from shown c where c.draft or c.version = c.newest_active`,
  );
  return Number(row?.total ?? 0);
}

export async function findVersion(
  db: Database,
  deelnemer: string,
  versienummer: string,
  version: number,
  draft: boolean,
) {
  const [row] = await db
    .select()
    .from(configurations)
    .where(and(pair(deelnemer, versienummer), eq(configurations.version, version), eq(configurations.draft, draft)));
  return row;
}

/** The newest version of a pair (a draft, when there is one). */
export async function findNewest(db: Database, deelnemer: string, versienummer: string) {
  const [row] = await db
    .select({ id: configurations.id, version: configurations.version, draft: configurations.draft })
    .from(configurations)
    .where(pair(deelnemer, versienummer))
    .orderBy(desc(configurations.version))
    .limit(1);
  return row;
}

/** Every version of a pair, newest first, locked for the rest of the transaction. */
export async function lockVersions(db: Database, deelnemer: string, versienummer: string) {
  return db
    .select()
    .from(configurations)
    .where(pair(deelnemer, versienummer))
    .orderBy(desc(configurations.version))
    .for('update');
}

export async function insertConfiguration(db: Database, row: NewConfiguration): Promise<ConfigurationRow | undefined> {
  const [created] = await db.insert(configurations).values(row).onConflictDoNothing().returning();
  return created;
}

/**
 * `updated` is the version token of optimistic concurrency (decision 0025), compared to the
 * millisecond as the API shows it: every change moves it on by at least a millisecond, even two
 * changes within one or a clock that went back.
 */
export async function updateConfiguration(db: Database, id: string, changes: Partial<NewConfiguration>) {
  const [updated] = await db
    .update(configurations)
    .set({ ...changes, updated: sql`greatest(now(), ${configurations.updated} + interval '1 millisecond')` })
    .where(eq(configurations.id, id))
    .returning();
  if (!updated) throw new Error(`configuration ${id} vanished inside its transaction`);
  return updated;
}
