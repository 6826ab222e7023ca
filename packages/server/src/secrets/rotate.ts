import { sql } from 'drizzle-orm';
import type { Omgeving } from '@knooppunt/domain';
import type { Actor } from '../audit/service';
import { createAuditService } from '../audit/service';
import { queryRows, type Database } from '../db/client';
import { TEST_SCHEMA } from '../db/test-environment';
import type { SecretCipher } from './cipher';
import { secretContext } from './context';

/**
 * Where secrets are stored encrypted: every configuration's client secret, of production and of
 * the test environment (decision 0038). The system clients' secrets are hashes, the signing keys
 * and mTLS files are not encrypted with SECRET_KEY.
 */
const ENCRYPTED = [
  { omgeving: 'productie', schema: 'public' },
  { omgeving: 'test', schema: TEST_SCHEMA },
] as const satisfies readonly { omgeving: Omgeving; schema: string }[];

export class SecretUnreadableError extends Error {
  constructor(omgeving: Omgeving, deelnemer: string, versienummer: string, version: number) {
    super(
      `De huidige sleutel kan het client secret van de configuratie ${deelnemer} ${versienummer} versie ${version} ` +
        `(${omgeving}) niet ontsleutelen: er is niets veranderd. Geef de sleutel waarmee de geheimen zijn opgeslagen ` +
        '(SECRET_KEY, of het bestand secret.key in DATA_DIR).',
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
): Promise<Record<(typeof ENCRYPTED)[number]['omgeving'], number>> {
  return db.transaction(async (tx) => {
    const tables = ENCRYPTED.map(({ schema }) => sql`${sql.identifier(schema)}.configurations`);
    await tx.execute(sql`lock table ${sql.join(tables, sql`, `)} in exclusive mode`);
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
          throw new SecretUnreadableError(omgeving, row.deelnemer, row.versienummer, row.version);
        }
        // `updated` stays: the configuration did not change for whoever edits it (decision 0025).
        await tx.execute(
          sql`update ${table} set client_secret_encrypted = ${to.encrypt(plain, context)} where id = ${row.id}`,
        );
        counts[omgeving] += 1;
      }
    }
    await createAuditService().record(tx, actor, {
      action: 'secrets.rotate',
      subjectType: 'secret-key',
      subjectId: 'SECRET_KEY',
      after: { opnieuwVersleuteld: counts },
    });
    return counts;
  });
}
