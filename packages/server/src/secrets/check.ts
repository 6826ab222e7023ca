import { desc } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { configurations } from '../db/schema';
import { hasSecretKeyFile, secretKeyFile, type SecretCipher } from './cipher';
import { secretContext } from './context';

/** A start that must not go on: its message (Dutch, for the operator) says what to do. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

export const SECRET_KEY_TEXTS = {
  mismatch: (deelnemer: string, versienummer: string) =>
    `SECRET_KEY past niet bij de opgeslagen geheimen: het client secret van de configuratie ${deelnemer} ${versienummer} ` +
    'kan er niet mee worden ontsleuteld. Start Knooppunt met de SECRET_KEY waarmee de geheimen zijn opgeslagen ' +
    '(of, zonder SECRET_KEY, met het bestand secret.key in DATA_DIR waarmee dat gebeurde); met een andere sleutel ' +
    'zou elke aflevering mislukken.',
  missing: (file: string, exists: boolean) =>
    `SECRET_KEY is niet gezet. Met DATABASE_URL zou de sleutel van de opgeslagen geheimen in ${file} staan, ` +
    'een map die bij de volgende uitrol verloren kan gaan en die andere processen op dezelfde database niet hebben. ' +
    (exists
      ? 'Daar staat al een sleutel: zet de inhoud ervan in SECRET_KEY'
      : 'Zet SECRET_KEY (openssl rand -base64 32)') +
    ' bij elk proces en bewaar hem apart van de database (README, Backups); of zet SECRET_KEY_IN_DATA_DIR=1 ' +
    'als DATA_DIR blijvend is en de sleutel daar bewust staat.',
} as const;

/**
 * Before anything is opened (issue 29 item 2, decision 0046): with a PostgreSQL server the key
 * must be given in SECRET_KEY, unless the operator says the data folder is where it is kept. The
 * generated key file suits PGlite, whose data lives beside it; a database server outlives a
 * checkout's data folder, and several processes on it need one key.
 */
export function assertSecretKeyConfigured(
  config: Pick<Config, 'database' | 'secretKey' | 'secretKeyInDataDir' | 'dataDir'>,
): void {
  if (config.database.kind !== 'postgres' || config.secretKey || config.secretKeyInDataDir) return;
  const dataDir = config.dataDir ?? '.';
  throw new StartupError(SECRET_KEY_TEXTS.missing(secretKeyFile(dataDir), hasSecretKeyFile(dataDir)));
}

/**
 * At start-up (issue 29 item 2): the key must read the stored secrets — the newest configuration's
 * of production and of the test environment. With another key every delivery would fail and be
 * counted against the receiver; refusing to start says so to the one who can put it right.
 */
export async function assertSecretKeyFits(databases: readonly Database[], cipher: SecretCipher): Promise<void> {
  for (const db of databases) {
    const [row] = await db
      .select({
        deelnemer: configurations.deelnemer,
        versienummer: configurations.versienummer,
        secret: configurations.clientSecretEncrypted,
      })
      .from(configurations)
      .orderBy(desc(configurations.created))
      .limit(1);
    if (!row) continue;
    try {
      cipher.decrypt(row.secret, secretContext(row.deelnemer, row.versienummer));
    } catch {
      throw new StartupError(SECRET_KEY_TEXTS.mismatch(row.deelnemer, row.versienummer));
    }
  }
}
