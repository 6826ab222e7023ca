import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organisations, systemClients } from '../../db/schema';

export type SystemClientRow = typeof systemClients.$inferSelect;
export type NewSystemClientRow = typeof systemClients.$inferInsert;

/** An organisation as the system clients' rules need it. */
export interface ClientOrganisation {
  id: string;
  organisatie: string;
  type: string;
  /** Its participant: metadata.deelnemer, else its name (as tokens carry it). */
  deelnemer: string;
}

const deelnemerColumn = sql<string>`coalesce(${organisations.metadata}->>'deelnemer', ${organisations.organisatie})`;
const organisationColumns = {
  id: organisations.id,
  organisatie: organisations.organisatie,
  type: organisations.type,
  deelnemer: deelnemerColumn,
};

export async function organisationByName(db: Database, name: string): Promise<ClientOrganisation | undefined> {
  const [row] = await db.select(organisationColumns).from(organisations).where(eq(organisations.organisatie, name));
  return row;
}

/** The organisation a token's deelnemer names: the one of that name first, else the first that is that participant. */
export async function organisationOfDeelnemer(
  db: Database,
  deelnemer: string,
): Promise<ClientOrganisation | undefined> {
  const [row] = await db
    .select(organisationColumns)
    .from(organisations)
    .where(sql`${deelnemerColumn} = ${deelnemer}`)
    .orderBy(sql`${organisations.organisatie} = ${deelnemer} desc`, organisations.organisatie)
    .limit(1);
  return row;
}

/** An organisation's clients, newest first. */
export async function clientsOf(db: Database, organisationId: string): Promise<SystemClientRow[]> {
  return db
    .select()
    .from(systemClients)
    .where(eq(systemClients.organisationId, organisationId))
    .orderBy(desc(systemClients.created), desc(systemClients.clientId));
}

/** Every organisation's clients with the organisation's name, newest first (the super role's overview). */
export async function allClients(db: Database): Promise<{ client: SystemClientRow; organisatie: string }[]> {
  return db
    .select({ client: systemClients, organisatie: organisations.organisatie })
    .from(systemClients)
    .innerJoin(organisations, eq(organisations.id, systemClients.organisationId))
    .orderBy(desc(systemClients.created), desc(systemClients.clientId));
}

/** Locks the organisation's row until the transaction ends: one change to its clients at a time. */
export async function lockOrganisation(db: Database, organisationId: string): Promise<void> {
  await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
}

/** The organisation's clients that are not revoked. */
export async function activeClientCount(db: Database, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(systemClients)
    .where(and(eq(systemClients.organisationId, organisationId), isNull(systemClients.revoked)));
  return row?.count ?? 0;
}

/** Inserts the client; undefined when its id exists already. */
export async function insertClient(db: Database, row: NewSystemClientRow): Promise<SystemClientRow | undefined> {
  const [inserted] = await db.insert(systemClients).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** A client with its organisation, locked for the update that follows when `lock`. */
export async function clientById(
  db: Database,
  clientId: string,
  lock = false,
): Promise<{ client: SystemClientRow; organisation: ClientOrganisation } | undefined> {
  const query = db
    .select({ client: systemClients, organisation: organisationColumns })
    .from(systemClients)
    .innerJoin(organisations, eq(organisations.id, systemClients.organisationId))
    .where(eq(systemClients.clientId, clientId));
  const [row] = await (lock ? query.for('update', { of: systemClients }) : query);
  return row;
}

export async function updateClient(
  db: Database,
  clientId: string,
  set: Partial<NewSystemClientRow>,
): Promise<SystemClientRow> {
  const [row] = await db.update(systemClients).set(set).where(eq(systemClients.clientId, clientId)).returning();
  if (!row) throw new Error(`system client ${clientId} vanished inside its transaction`);
  return row;
}

/** What the identity provider needs of a client that is not revoked, of an active organisation: how it authenticates and its participant. */
export async function activeClientForProvider(db: Database, clientId: string) {
  const [row] = await db
    .select({
      clientId: systemClients.clientId,
      authMethod: systemClients.authMethod,
      secretHash: systemClients.secretHash,
      previousSecretHash: systemClients.previousSecretHash,
      previousSecretExpires: systemClients.previousSecretExpires,
      jwks: systemClients.jwks,
      omgeving: systemClients.omgeving,
      deelnemer: deelnemerColumn,
    })
    .from(systemClients)
    .innerJoin(organisations, eq(organisations.id, systemClients.organisationId))
    // A deactivated organisation's systems get no token (issue 29): to the provider they do not exist.
    .where(and(eq(systemClients.clientId, clientId), isNull(systemClients.revoked), isNull(organisations.deactivated)));
  return row;
}
export type ProviderClientRow = NonNullable<Awaited<ReturnType<typeof activeClientForProvider>>>;

/** Records a token issued to the client, at most once a minute (the list shows it to the minute). */
export async function markUsed(db: Database, clientId: string): Promise<void> {
  await db
    .update(systemClients)
    .set({ lastUsed: sql`now()` })
    .where(
      and(
        eq(systemClients.clientId, clientId),
        or(isNull(systemClients.lastUsed), lt(systemClients.lastUsed, sql`now() - interval '1 minute'`)),
      ),
    );
}
