import { sql, type SQL } from 'drizzle-orm';
import type { Omgeving } from '@knooppunt/domain';
import type { Actor } from '../audit/service';
import { createAuditService } from '../audit/service';
import { queryRows, type Database } from '../db/client';
import { TEST_SCHEMA } from '../db/test-environment';
import type { SecretCipher } from './cipher';
import { secretContext, webhookSecretContext } from './context';

/**
 * Where secrets are stored encrypted: every configuration's client secret and every receiver's
 * signing secret (decision 0061), of production and of the test environment (decision 0038). The
 * system clients' secrets are hashes, the signing keys and mTLS files are not encrypted with
 * SECRET_KEY.
 */
const ENCRYPTED = [
  { omgeving: 'productie', schema: 'public' },
  { omgeving: 'test', schema: TEST_SCHEMA },
] as const satisfies readonly { omgeving: Omgeving; schema: string }[];

/** A stored secret the current key cannot read: the rotation is rolled back. `what` names the secret. */
export class SecretUnreadableError extends Error {
  constructor(omgeving: Omgeving, what: string) {
    super(
      `De huidige sleutel kan ${what} (${omgeving}) niet ontsleutelen: er is niets veranderd. Geef de sleutel ` +
        'waarmee de geheimen zijn opgeslagen (SECRET_KEY, of het bestand secret.key in DATA_DIR).',
    );
    this.name = 'SecretUnreadableError';
  }
}

interface EncryptedRow extends Record<string, unknown> {
  id: string;
  deelnemer: string;
  versienummer: string;
  version: number;
  secret: string;
}

interface WebhookSecretRow extends Record<string, unknown> {
  deelnemer: string;
  versienummer: string;
  secret: string;
  previous: string | null;
}

type Counts = Record<(typeof ENCRYPTED)[number]['omgeving'], number>;

/** What rotate-secret-key re-encrypted, per kind and environment. */
export interface ReencryptedCounts {
  clientSecrets: Counts;
  webhookSecrets: Counts;
}

/**
 * Re-encrypts every stored secret from one key to the other in one transaction (issue 29 item 2,
 * decision 0046): one that the old key cannot read rolls everything back, so the database never
 * holds secrets under two keys. The tables are locked against writes meanwhile; a process that
 * still runs holds the old key, so every process must be stopped first. Answers how many secrets
 * per environment.
 */
export async function reencryptSecrets(
  db: Database,
  from: SecretCipher,
  to: SecretCipher,
  actor: Actor,
): Promise<ReencryptedCounts> {
  return db.transaction(async (tx) => {
    const tables = ENCRYPTED.map(({ schema }) => sql`${sql.identifier(schema)}.configurations`);
    const webhookTables = ENCRYPTED.map(({ schema }) => sql`${sql.identifier(schema)}.webhook_secrets`);
    await tx.execute(sql`lock table ${sql.join([...tables, ...webhookTables], sql`, `)} in exclusive mode`);
    const counts = { productie: 0, test: 0 };
    for (const [index, { omgeving }] of ENCRYPTED.entries()) {
      const table = tables[index]!;
      const rows = await queryRows<EncryptedRow>(
        tx,
        sql`select id, deelnemer, versienummer, version, client_secret_encrypted as secret
            from ${table} order by deelnemer, versienummer, version`,
      );
      for (const row of rows) {
        // Not set (nothing was encrypted): stays as it is.
        if (row.secret === '') continue;
        const context = secretContext(row.deelnemer, row.versienummer);
        let plain: string;
        try {
          plain = from.decrypt(row.secret, context);
        } catch {
          throw new SecretUnreadableError(
            omgeving,
            `het client secret van de configuratie ${row.deelnemer} ${row.versienummer} versie ${row.version}`,
          );
        }
        // `updated` stays: the configuration did not change for whoever edits it (decision 0025).
        await tx.execute(
          sql`update ${table} set client_secret_encrypted = ${to.encrypt(plain, context)} where id = ${row.id}`,
        );
        counts[omgeving] += 1;
      }
    }
    const webhookCounts = { productie: 0, test: 0 };
    for (const [index, { omgeving }] of ENCRYPTED.entries()) {
      webhookCounts[omgeving] = await reencryptWebhookSecrets(tx, webhookTables[index]!, omgeving, from, to);
    }
    await createAuditService().record(tx, actor, {
      action: 'secrets.rotate',
      subjectType: 'secret-key',
      subjectId: 'SECRET_KEY',
      after: { opnieuwVersleuteld: counts, ondertekeningsgeheimen: webhookCounts },
    });
    return { clientSecrets: counts, webhookSecrets: webhookCounts };
  });
}

/** One environment's signing secrets, the previous one of a pair with its current one; answers how many pairs. */
async function reencryptWebhookSecrets(
  tx: Database,
  table: SQL,
  omgeving: Omgeving,
  from: SecretCipher,
  to: SecretCipher,
): Promise<number> {
  const rows = await queryRows<WebhookSecretRow>(
    tx,
    sql`select deelnemer, versienummer, secret_encrypted as secret, previous_secret_encrypted as previous
        from ${table} order by deelnemer, versienummer`,
  );
  for (const row of rows) {
    const context = webhookSecretContext(row.deelnemer, row.versienummer);
    const again = (stored: string) => {
      try {
        return to.encrypt(from.decrypt(stored, context), context);
      } catch {
        throw new SecretUnreadableError(omgeving, `het ondertekeningsgeheim van ${row.deelnemer} ${row.versienummer}`);
      }
    };
    await tx.execute(
      sql`update ${table} set secret_encrypted = ${again(row.secret)},
            previous_secret_encrypted = ${row.previous === null ? null : again(row.previous)}
          where deelnemer = ${row.deelnemer} and versienummer = ${row.versienummer}`,
    );
  }
  return rows.length;
}
