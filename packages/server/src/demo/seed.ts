import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organisations, users } from '../db/schema';
import { hashPassword } from '../idp/passwords';
import { organisationIdsByName } from '../modules/organisations/repository';
import { DEMO_ORGANISATIONS, DEMO_PASSWORD, DEMO_USERS } from './data';

/** Adds the demo organisations and accounts that are missing; leaves existing rows alone. */
export async function seedDemo(db: Database, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(organisations).values(DEMO_ORGANISATIONS).onConflictDoNothing();
    const ids = await organisationIdsByName(
      tx,
      DEMO_USERS.map((user) => user.organisatie),
    );
    const existing = await tx.select({ email: sql<string>`lower(${users.email})` }).from(users);
    const known = new Set(existing.map((row) => row.email));
    const missing = DEMO_USERS.filter((user) => !known.has(user.email.toLowerCase()));
    for (const user of missing) {
      const organisationId = ids.get(user.organisatie);
      if (!organisationId) throw new Error(`demo organisation ${user.organisatie} is missing`);
      await tx.insert(users).values({
        email: user.email,
        organisationId,
        roles: user.roles,
        delegerende: user.delegerende ?? null,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
    }
    if (missing.length) log.info({ users: missing.map((user) => user.email) }, 'demo accounts created');
  });
}
