import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { configurations } from '../db/schema';
import type { SecretCipher } from './cipher';
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
} as const;

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
