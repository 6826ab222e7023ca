import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { NewOrganisation, Organisation } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { organisations, users } from '../../db/schema';

export interface OrganisationQuery {
  organisatie?: string | undefined;
  type?: string | undefined;
  skip: number;
  /** 0 means all rows. */
  limit: number;
  sortBy: 'organisatie' | 'type';
  sortDirection: 'asc' | 'desc';
}

const columns = {
  organisatie: organisations.organisatie,
  type: organisations.type,
  metadata: organisations.metadata,
  actief: sql<boolean>`${organisations.deactivated} is null`,
};

export async function searchOrganisations(db: Database, query: OrganisationQuery) {
  const conditions: SQL[] = [];
  if (query.organisatie) conditions.push(ilike(organisations.organisatie, containsPattern(query.organisatie)));
  if (query.type) conditions.push(eq(organisations.type, query.type));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const tieBreak = query.sortBy === 'organisatie' ? [] : [asc(organisations.organisatie)];

  const page = db
    .select(columns)
    .from(organisations)
    .where(where)
    .orderBy(direction(columns[query.sortBy]), ...tieBreak)
    .offset(query.skip);
  const [items, [total]] = await Promise.all([
    query.limit > 0 ? page.limit(query.limit) : page,
    db.select({ count: count() }).from(organisations).where(where),
  ]);
  return { items: items as Organisation[], count: total?.count ?? 0 };
}

/** Every organisation's name, deactivated ones too: a new name may not look like any of them. */
export async function organisationNames(db: Database): Promise<string[]> {
  const rows = await db.select({ organisatie: organisations.organisatie }).from(organisations);
  return rows.map((row) => row.organisatie);
}

/** Inserts the organisation, or answers undefined when the name (in any case) exists already. */
export async function insertOrganisation(
  db: Database,
  organisation: NewOrganisation,
): Promise<Organisation | undefined> {
  const [row] = await db.insert(organisations).values(organisation).onConflictDoNothing().returning(columns);
  return row as Organisation | undefined;
}

/** One organisation by its exact name, locked for a change, with its id. */
export async function organisationForUpdate(db: Database, name: string) {
  const [row] = await db
    .select({ id: organisations.id, ...columns })
    .from(organisations)
    .where(eq(organisations.organisatie, name))
    .for('update');
  return row as (Organisation & { id: string }) | undefined;
}

/** Deactivates (now) or activates an organisation. */
export async function setDeactivated(db: Database, id: string, deactivated: boolean): Promise<void> {
  await db
    .update(organisations)
    .set({ deactivated: deactivated ? sql`now()` : null })
    .where(eq(organisations.id, id));
}

/** The ids of an organisation's users (whose sessions end with its deactivation). */
export async function userIdsOf(db: Database, organisationId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.organisationId, organisationId));
  return rows.map((row) => row.id);
}

export async function organisationIdsByName(db: Database, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: organisations.id, organisatie: organisations.organisatie })
    .from(organisations)
    .where(sql`${organisations.organisatie} in ${names}`);
  return new Map(rows.map((row) => [row.organisatie, row.id]));
}

/** Whether the deelnemer is a grid operator: an organisation of type Netbeheerder. */
export async function isNetbeheerder(db: Database, deelnemer: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(organisations)
    .where(
      and(
        eq(organisations.type, 'Netbeheerder'),
        sql`coalesce(${organisations.metadata}->>'deelnemer', ${organisations.organisatie}) = ${deelnemer}`,
      ),
    );
  return (row?.n ?? 0) > 0;
}
