import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { roleOf, type User } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { isUuid } from '../../db/uuid';
import { organisations, userPasskeys, users, userTotp } from '../../db/schema';

const columns = {
  id: users.id,
  email: users.email,
  roles: users.roles,
  delegerende: users.delegerende,
  blocked: sql<boolean>`${users.blocked} is not null`,
  passwordSet: sql<boolean>`${users.passwordHash} is not null`,
  // An authenticator app or a passkey (decision 0054).
  secondFactor: sql<boolean>`(exists (select 1 from ${userTotp} t where t.user_id = ${users.id})
    or exists (select 1 from ${userPasskeys} p where p.user_id = ${users.id}))`,
  organisatie: organisations.organisatie,
  organisatieType: organisations.type,
  metadata: organisations.metadata,
};

type Row = {
  id: string;
  email: string;
  roles: string[];
  delegerende: string | null;
  blocked: boolean;
  passwordSet: boolean;
  secondFactor: boolean;
  organisatie: string;
  organisatieType: string;
} & {
  metadata: { combi?: string; deelnemer?: string; delegerenden: string[] };
};

/**
 * A user as the portal shows them. The metadata comes from the organisation (spec 001 §3): combi
 * and deelnemer; a Gedelegeerd Netbeheerder acts for the delegerende chosen at creation. Whether a
 * login lock holds is the throttle's to say (`vergrendeld`, filled in by the service).
 */
export function toUser(row: Row, vergrendeld = false): User {
  const { combi, deelnemer } = row.metadata;
  return {
    userid: row.id,
    email: row.email,
    organisatie: row.organisatie,
    organisatieType: row.organisatieType,
    metadata: {
      ...(combi ? { combi } : {}),
      ...(deelnemer ? { deelnemer } : {}),
      ...(row.delegerende ? { delegerende: row.delegerende } : {}),
    },
    roles: row.roles.map((role) => roleOf(role, row.organisatieType)),
    geblokkeerd: row.blocked,
    wachtwoordIngesteld: row.passwordSet,
    tweedeStap: row.secondFactor,
    vergrendeld,
  };
}

/**
 * Whose users a query sees: every organisation's (`undefined`) or those of the organisation of one
 * deelnemer (decision 0014). The organisation's deelnemer is its metadata's, else its name.
 */
export type Scope = string | undefined;

const inScope = (scope: Scope): SQL | undefined =>
  scope === undefined
    ? undefined
    : sql`coalesce(${organisations.metadata}->>'deelnemer', ${organisations.organisatie}) = ${scope}`;

export interface UserQuery {
  scope: Scope;
  roles?: string | undefined;
  organisatie?: string | undefined;
  search?: string | undefined;
  skip: number;
  limit: number;
  sortBy: 'email' | 'organisatie';
  sortDirection: 'asc' | 'desc';
}

export async function searchUsers(db: Database, query: UserQuery) {
  const conditions: SQL[] = [];
  const scoped = inScope(query.scope);
  if (scoped) conditions.push(scoped);
  if (query.roles) conditions.push(sql`${users.roles} ? ${query.roles}`);
  if (query.organisatie) conditions.push(eq(organisations.organisatie, query.organisatie));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(users.email, pattern), ilike(organisations.organisatie, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(where)
      .orderBy(direction(query.sortBy === 'email' ? users.email : organisations.organisatie), asc(users.email))
      .offset(query.skip)
      .limit(query.limit),
    db
      .select({ count: count() })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(where),
  ]);
  return { items: rows.map((row) => toUser(row)), count: total?.count ?? 0 };
}

export async function userById(db: Database, id: string, lock = false): Promise<User | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select(columns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, id));
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  return row ? toUser(row) : undefined;
}

/** Blocks (now) or unblocks a user. */
export async function setBlocked(db: Database, id: string, blocked: boolean): Promise<void> {
  await db
    .update(users)
    .set({ blocked: blocked ? sql`now()` : null, updated: sql`now()` })
    .where(eq(users.id, id));
}

/** Deletes a user; its set-password links go with it (the audit log keeps its e-mail address). */
export async function deleteUser(db: Database, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function setRoles(db: Database, id: string, roles: string[]): Promise<void> {
  await db
    .update(users)
    .set({ roles, updated: sql`now()` })
    .where(eq(users.id, id));
}

/** Every role some user in scope has, for the role tree's 'Overig'. */
export async function rolesInUse(db: Database, scope: Scope): Promise<string[]> {
  const scoped = inScope(scope);
  const rows = await queryRows<{ role: string }>(
    db,
    sql`select distinct jsonb_array_elements_text(${users.roles}) as role
        from ${users} join ${organisations} on ${organisations.id} = ${users.organisationId}
        ${scoped ? sql`where ${scoped}` : sql``} order by 1`,
  );
  return rows.map((row) => row.role);
}

/** E-mail addresses and organisation names in scope containing the text, for the autosuggest (at most 10 of each). */
export async function suggestions(db: Database, text: string, scope: Scope) {
  const pattern = containsPattern(text);
  const scoped = inScope(scope);
  const [emails, names] = await Promise.all([
    db
      .select({ v: users.email })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(and(ilike(users.email, pattern), scoped))
      .orderBy(asc(users.email))
      .limit(10),
    db
      .selectDistinct({ v: organisations.organisatie })
      .from(organisations)
      .innerJoin(users, eq(users.organisationId, organisations.id))
      .where(and(ilike(organisations.organisatie, pattern), scoped))
      .orderBy(asc(organisations.organisatie))
      .limit(10),
  ]);
  return [
    ...names.map((row) => ({ v: row.v, k: 'organisatie' as const })),
    ...emails.map((row) => ({ v: row.v, k: 'email' as const })),
  ];
}

export async function organisationByName(db: Database, name: string) {
  const [row] = await db
    .select({ id: organisations.id, type: organisations.type, metadata: organisations.metadata })
    .from(organisations)
    .where(eq(organisations.organisatie, name));
  return row;
}

/** Inserts the user without a password; undefined when the e-mail address exists in any case. */
export async function insertUser(
  db: Database,
  user: { email: string; organisationId: string; roles: string[]; delegerende: string | null },
): Promise<string | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return row?.id;
}
