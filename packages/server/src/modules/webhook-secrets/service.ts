import { randomBytes } from 'node:crypto';
import {
  CONFIG_TEXTS,
  mayWriteConfig,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
  type ConfigKey,
  type IssuedWebhookSecret,
  type WebhookSecretStatus,
} from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import { visibleDeelnemer } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { SecretCipher } from '../../secrets/cipher';
import { secretContext, webhookSecretContext } from '../../secrets/context';
import {
  configurationExists,
  findWebhookSecret,
  lockConfigurations,
  storeWebhookSecret,
  type WebhookSecretRow,
} from './repository';

export type WebhookSecretsService = ReturnType<typeof createWebhookSecretsService>;

/** A new secret in the Standard Webhooks form: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * The receivers' signing secrets (decision 0061): per participant and version number, beside its
 * configuration versions. Seen with the right to view configurations, made with the right to save
 * them — the same ownership as a configuration (spec 000 §5).
 */
export function createWebhookSecretsService({
  db,
  audit,
  cipher,
  graceHours,
  now = () => new Date(),
}: {
  db: Database;
  audit: AuditService;
  cipher: SecretCipher;
  /** How long the previous secret signs beside a new one (WEBHOOK_SECRET_GRACE_HOURS). */
  graceHours: number;
  now?: () => Date;
}) {
  const graceMs = graceHours * 60 * 60 * 1000;

  const statusOf = (key: ConfigKey, row: WebhookSecretRow | undefined, at: Date): WebhookSecretStatus => ({
    deelnemer: key.deelnemer,
    versienummer: key.versienummer,
    secretSet: row !== undefined,
    created: iso(row?.created),
    previousValidUntil: row?.previousValidUntil && row.previousValidUntil > at ? iso(row.previousValidUntil) : null,
    graceHours,
  });

  /** A participant's configuration another may not see answers as one that does not exist. */
  const assertVisible = (user: AuthUser, deelnemer: string) => {
    const only = visibleDeelnemer(user);
    if (only !== undefined && only !== deelnemer) throw new NotFoundError(CONFIG_TEXTS.notFound);
  };

  return {
    async status(user: AuthUser, key: ConfigKey): Promise<WebhookSecretStatus> {
      assertVisible(user, key.deelnemer);
      if (!(await configurationExists(db, key.deelnemer, key.versienummer))) {
        throw new NotFoundError(CONFIG_TEXTS.notFound);
      }
      return statusOf(key, await findWebhookSecret(db, key.deelnemer, key.versienummer), now());
    },

    /**
     * A new secret, answered this once. The one it replaces signs on beside it for the grace
     * period; one from before that stops at once. Audited without either secret.
     */
    async issue(user: AuthUser, key: ConfigKey): Promise<IssuedWebhookSecret> {
      assertVisible(user, key.deelnemer);
      if (!mayWriteConfig(user, key.deelnemer)) throw new ForbiddenError(CONFIG_TEXTS.ownParticipantOnly);
      const secret = newWebhookSecret();
      const context = webhookSecretContext(key.deelnemer, key.versienummer);
      return db.transaction(async (tx) => {
        if (!(await lockConfigurations(tx, key.deelnemer, key.versienummer))) {
          throw new NotFoundError(CONFIG_TEXTS.notFound);
        }
        const current = await findWebhookSecret(tx, key.deelnemer, key.versienummer);
        const at = now();
        const stored = await storeWebhookSecret(tx, {
          deelnemer: key.deelnemer,
          versienummer: key.versienummer,
          secretEncrypted: cipher.encrypt(secret, context),
          created: at,
          previous:
            current && graceMs > 0
              ? { secretEncrypted: current.secretEncrypted, validUntil: new Date(at.getTime() + graceMs) }
              : undefined,
        });
        const before = current && statusOf(key, current, at);
        const after = statusOf(key, stored, at);
        await audit.record(tx, user, {
          action: current ? 'config.webhook-secret.rotate' : 'config.webhook-secret.create',
          subjectType: 'configuration',
          subjectId: secretContext(key.deelnemer, key.versienummer),
          before: before ? { aangemaakt: before.created, vorigGeldigTot: before.previousValidUntil } : null,
          after: { aangemaakt: after.created, vorigGeldigTot: after.previousValidUntil },
        });
        return { ...after, secret };
      });
    },
  };
}
