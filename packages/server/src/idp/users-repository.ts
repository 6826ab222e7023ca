import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUuid } from '../db/uuid';
import { organisations, users } from '../db/schema';

/** A user as the identity provider sees them: who they are, what they may do, for whom they act. */
export interface IdpUser {
  id: string;
  email: string;
  roles: string[];
  /** The organisation's participant id, or its name when it has none. */
  deelnemer: string;
  passwordHash: string | null;
  /** Blocked by a user manager ('Blokkeren'): no login, no tokens. */
  blocked: boolean;
  /** False while the user's organisation is deactivated: no login, no tokens. */
  organisationActive: boolean;
  /** The user's session generation now (idp/sessions.ts): what a token issued now carries. */
  sessionGeneration: number;
}

const columns = {
  id: users.id,
  email: users.email,
  roles: users.roles,
  deelnemer: sql<string>`coalesce(${organisations.metadata}->>'deelnemer', ${organisations.organisatie})`,
  passwordHash: users.passwordHash,
  blocked: sql<boolean>`${users.blocked} is not null`,
  organisationActive: sql<boolean>`${organisations.deactivated} is null`,
  sessionGeneration: sql<number>`coalesce((select g.generation from session_generations g where g.subject = ${users.id}::text), 0)`,
};

export async function userById(db: Database, id: string): Promise<IdpUser | undefined> {
  // A subject from a token or cookie is not necessarily a uuid; PostgreSQL would reject the cast.
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(columns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, id));
  return row;
}

/** E-mail addresses are unique regardless of case, as the users table's index says. */
export async function userByEmail(db: Database, email: string): Promise<IdpUser | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}
