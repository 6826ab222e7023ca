import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { configurations } from '../db/schema';
import { secretContext } from '../secrets/context';
import type { SecretCipher } from '../secrets/cipher';
import { PlatformFault } from './failure';
import { DELIVERY_TEXTS } from './texts';
import type { TokenSource } from './tokens';
import { createWebhookSigner, type WebhookSigner } from './webhook-signatures';

export interface DeliveryConfiguration extends TokenSource {
  version: number;
  urls: Record<string, string>;
}

export interface ConfigurationCache {
  /** The active configuration of that version, or undefined when there is none. */
  get(deelnemer: string, versienummer: string, version: number): Promise<DeliveryConfiguration | undefined>;
  /**
   * The Standard Webhooks headers of one POST to the receiver (decision 0061): its signing secrets
   * belong to the participant and version number, not to a configuration version, so they are
   * read again every second rather than kept for good.
   */
  webhookHeaders: WebhookSigner['headers'];
}

/**
 * Active configuration versions never change (editing writes a draft, activating makes a new
 * version), so a loaded version is kept for the life of the worker. The secret is decrypted once.
 */
export function createConfigurationCache(db: Database, cipher: SecretCipher): ConfigurationCache {
  const signer = createWebhookSigner(db, cipher);
  const loaded = new Map<string, Promise<DeliveryConfiguration | undefined>>();
  const load = async (deelnemer: string, versienummer: string, version: number) => {
    const [row] = await db
      .select()
      .from(configurations)
      .where(
        and(
          eq(configurations.deelnemer, deelnemer),
          eq(configurations.versienummer, versienummer),
          eq(configurations.version, version),
          eq(configurations.draft, false),
        ),
      );
    if (!row) return undefined;
    return {
      version: row.version,
      tokenUrl: row.tokenUrl,
      clientId: row.clientId,
      clientSecret: decryptSecret(cipher, row.clientSecretEncrypted, secretContext(deelnemer, versienummer)),
      scope: row.scope,
      useMtls: row.useMtls,
      urls: row.urls,
    };
  };
  return {
    webhookHeaders: signer.headers,
    get(deelnemer, versienummer, version) {
      const key = `${secretContext(deelnemer, versienummer)}|${version}`;
      let entry = loaded.get(key);
      if (!entry) {
        entry = load(deelnemer, versienummer, version);
        loaded.set(key, entry);
        // A missing version or a failed read is asked again next time.
        entry.then(
          (found) => found ?? loaded.delete(key),
          () => loaded.delete(key),
        );
      }
      return entry;
    },
  };
}

function decryptSecret(cipher: SecretCipher, stored: string, context: string): string {
  try {
    return cipher.decrypt(stored, context);
  } catch {
    throw new PlatformFault(DELIVERY_TEXTS.secretUnreadable);
  }
}
