import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import { CLIENT_ORGANISATION_TYPES } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { systemClients } from '../db/schema';
import { DEMO_CLIENT_SECRET, demoSystemClientId } from './data';
import { hashPassword } from '../idp/passwords';
import { organisationIdsByName } from '../modules/organisations/repository';
import { DEMO_ORGANISATIONS } from './data';

/** The demo participants that have a system: every demo organisation of a type with system clients. */
export const DEMO_SYSTEM_ORGANISATIONS = DEMO_ORGANISATIONS.filter((organisation) =>
  (CLIENT_ORGANISATION_TYPES as readonly string[]).includes(organisation.type),
).map((organisation) => organisation.organisatie);

/**
 * Adds the demo systems' clients that are missing (`<organisation>-systeem`, secret 'demo-secret',
 * stored as its hash like any other), so they show in the portal's Systeemclients screen and can
 * be rotated or revoked there. Leaves existing rows alone, a revoked one included.
 */
export async function seedDemoClients(db: Database, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = DEMO_SYSTEM_ORGANISATIONS.map(demoSystemClientId);
    const existing = await tx
      .select({ clientId: systemClients.clientId })
      .from(systemClients)
      .where(inArray(systemClients.clientId, ids));
    const known = new Set(existing.map((row) => row.clientId));
    const missing = DEMO_SYSTEM_ORGANISATIONS.filter((organisatie) => !known.has(demoSystemClientId(organisatie)));
    if (missing.length === 0) return;
    const organisationIds = await organisationIdsByName(tx, missing);
    // One hash of the public demo secret serves every demo client.
    const secretHash = await hashPassword(DEMO_CLIENT_SECRET);
    const rows = missing.map((organisatie) => {
      const organisationId = organisationIds.get(organisatie);
      if (!organisationId) throw new Error(`demo organisation ${organisatie} is missing`);
      return {
        clientId: demoSystemClientId(organisatie),
        organisationId,
        omschrijving: `Demo-systeem van ${organisatie}`,
        secretHash,
        createdBy: 'demo',
      };
    });
    await tx.insert(systemClients).values(rows).onConflictDoNothing();
    log.info({ clients: rows.map((row) => row.clientId) }, 'demo system clients created');
  });
}
