import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { WEBHOOK_SECRET_PREFIX } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { NamedStatement } from '../db/statement';
import type { SecretCipher } from '../secrets/cipher';
import { webhookSecretContext } from '../secrets/context';
import { PlatformFault } from './failure';
import { DELIVERY_TEXTS } from './texts';

/**
 * How often a worker reads the receivers' signing secrets: a new secret signs within this time.
 * One small query a second per delivering worker, never one per message.
 */
export const WEBHOOK_SECRETS_REFRESH_MS = 1000;

export type WebhookHeaders = Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;

export interface WebhookSigner {
  /**
   * The Standard Webhooks headers of one attempt to POST `body` (exactly as sent) to the receiver:
   * a signature per secret that is valid now. None when the receiver has no secret.
   */
  headers(
    receiver: string,
    versienummer: string,
    messageId: string,
    body: string,
  ): WebhookHeaders | Record<string, never> | Promise<WebhookHeaders | Record<string, never>>;
}

interface Row {
  deelnemer: string;
  versienummer: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_valid_until: Date | string | null;
}

/** A receiver's keys: the current one, and the previous one with the end of its grace (ms since 1970). */
type Keys = { current: KeyObject; previous?: { key: KeyObject; until: number } } | 'unreadable';

const secretsStatement = new NamedStatement(
  sql`select deelnemer, versienummer, secret_encrypted, previous_secret_encrypted, previous_valid_until
      from webhook_secrets`,
  (rows: Row[]) => rows,
);

const UNSIGNED: Record<string, never> = {};

const pairKey = (deelnemer: string, versienummer: string) => `${deelnemer}\u0000${versienummer}`;

/**
 * Signs deliveries as Standard Webhooks (decision 0061): `v1,` and the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>`, the key being the secret's bytes after `whsec_`. With node:crypto
 * rather than the standardwebhooks package's `sign`, which hashes in JavaScript: about 2 µs a
 * message of 500 bytes instead of 10 (measured, decision 0061); tests verify with the package.
 * The secrets are read all at once, at most once per WEBHOOK_SECRETS_REFRESH_MS, and each is
 * decrypted once: a key is kept for as long as its ciphertext is read.
 */
export function createWebhookSigner(
  db: Database,
  cipher: SecretCipher,
  { refreshMs = WEBHOOK_SECRETS_REFRESH_MS, now = Date.now }: { refreshMs?: number; now?: () => number } = {},
): WebhookSigner {
  let keys = new Map<string, Keys>();
  let decrypted = new Map<string, KeyObject>();
  let readAt = -Infinity;
  let everRead = false;
  let reading: Promise<void> | undefined;

  const keyOf = (stored: string, context: string, next: Map<string, KeyObject>): KeyObject => {
    let key = decrypted.get(stored);
    if (!key) {
      const secret = cipher.decrypt(stored, context);
      key = createSecretKey(Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64'));
    }
    next.set(stored, key);
    return key;
  };

  const read = async () => {
    const rows = await secretsStatement.run(db);
    const nextKeys = new Map<string, Keys>();
    const nextDecrypted = new Map<string, KeyObject>();
    for (const row of rows) {
      const context = webhookSecretContext(row.deelnemer, row.versienummer);
      try {
        const current = keyOf(row.secret_encrypted, context, nextDecrypted);
        const previous =
          row.previous_secret_encrypted && row.previous_valid_until
            ? {
                key: keyOf(row.previous_secret_encrypted, context, nextDecrypted),
                until: new Date(row.previous_valid_until).getTime(),
              }
            : undefined;
        nextKeys.set(pairKey(row.deelnemer, row.versienummer), { current, ...(previous && { previous }) });
      } catch {
        nextKeys.set(pairKey(row.deelnemer, row.versienummer), 'unreadable');
      }
    }
    keys = nextKeys;
    decrypted = nextDecrypted;
    everRead = true;
  };

  /** Reads again when the last read is older than refreshMs; a failed read is tried again after as long. */
  const refresh = (): Promise<void> | undefined => {
    if (performance.now() - readAt < refreshMs) return undefined;
    // A failed read keeps the secrets last read: signing on with them beats failing every delivery.
    reading ??= read()
      .catch(() => undefined)
      .finally(() => {
        readAt = performance.now();
        reading = undefined;
      });
    return reading;
  };

  const sign = (key: KeyObject, content: string) => `v1,${createHmac('sha256', key).update(content).digest('base64')}`;

  return {
    // Synchronous but for a read of the secrets (once a second): a promise per message costs the
    // drain more than the signing does.
    headers(receiver, versienummer, messageId, body) {
      const pending = refresh();
      if (pending) return pending.then(() => signed(receiver, versienummer, messageId, body));
      return signed(receiver, versienummer, messageId, body);
    },
  };

  function signed(
    receiver: string,
    versienummer: string,
    messageId: string,
    body: string,
  ): WebhookHeaders | Record<string, never> {
    // Never read: whether the receiver has a secret is unknown, so nothing unsigned goes out.
    if (!everRead) throw new PlatformFault(DELIVERY_TEXTS.configurationUnavailable);
    const found = keys.get(pairKey(receiver, versienummer));
    if (!found) return UNSIGNED;
    if (found === 'unreadable') throw new PlatformFault(DELIVERY_TEXTS.signingSecretUnreadable);
    const at = now();
    const timestamp = String(Math.floor(at / 1000));
    const content = `${messageId}.${timestamp}.${body}`;
    const signatures = [sign(found.current, content)];
    if (found.previous && found.previous.until > at) signatures.push(sign(found.previous.key, content));
    return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
  }
}
