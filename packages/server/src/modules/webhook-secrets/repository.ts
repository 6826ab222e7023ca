import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { configurations, webhookSecrets } from '../../db/schema';

export type WebhookSecretRow = typeof webhookSecrets.$inferSelect;

const pair = (deelnemer: string, versienummer: string) =>
  and(eq(webhookSecrets.deelnemer, deelnemer), eq(webhookSecrets.versienummer, versienummer));

const configurationsOf = (db: Database, deelnemer: string, versienummer: string) =>
  db
    .select({ id: configurations.id })
    .from(configurations)
    .where(and(eq(configurations.deelnemer, deelnemer), eq(configurations.versienummer, versienummer)));

/** Whether the participant has a configuration (any version, a draft too) for the version number. */
export async function configurationExists(db: Database, deelnemer: string, versienummer: string): Promise<boolean> {
  return (await configurationsOf(db, deelnemer, versienummer).limit(1)).length > 0;
}

/**
 * As `configurationExists`, the pair's versions locked for the rest of the transaction: two new
 * secrets of the pair — the first one too — are made one after the other.
 */
export async function lockConfigurations(db: Database, deelnemer: string, versienummer: string): Promise<boolean> {
  return (await configurationsOf(db, deelnemer, versienummer).for('update')).length > 0;
}

export async function findWebhookSecret(db: Database, deelnemer: string, versienummer: string) {
  const [row] = await db.select().from(webhookSecrets).where(pair(deelnemer, versienummer));
  return row;
}

/** Stores the pair's new secret, and the one that signs beside it until when (`previous`; none: nothing). */
export async function storeWebhookSecret(
  db: Database,
  row: Omit<WebhookSecretRow, 'previousSecretEncrypted' | 'previousValidUntil'> & {
    previous: { secretEncrypted: string; validUntil: Date } | undefined;
  },
): Promise<WebhookSecretRow> {
  const values = {
    deelnemer: row.deelnemer,
    versienummer: row.versienummer,
    secretEncrypted: row.secretEncrypted,
    created: row.created,
    previousSecretEncrypted: row.previous?.secretEncrypted ?? null,
    previousValidUntil: row.previous?.validUntil ?? null,
  };
  const [stored] = await db
    .insert(webhookSecrets)
    .values(values)
    .onConflictDoUpdate({
      target: [webhookSecrets.deelnemer, webhookSecrets.versienummer],
      set: {
        secretEncrypted: values.secretEncrypted,
        created: values.created,
        previousSecretEncrypted: values.previousSecretEncrypted,
        previousValidUntil: values.previousValidUntil,
      },
    })
    .returning();
  return stored!;
}
