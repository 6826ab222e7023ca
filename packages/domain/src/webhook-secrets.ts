import { z } from 'zod';

/**
 * A receiver's signing secret (decision 0061): with it every delivery to the receiver carries
 * Standard Webhooks signatures (`webhook-id`, `webhook-timestamp`, `webhook-signature`), beside
 * the bearer token. One per participant and message version; the secret itself is answered only
 * by the call that makes it.
 */

/** The Standard Webhooks form of a secret: this prefix and the base64 of its random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes of a new secret (Standard Webhooks: 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

const isoDateTime = z.iso.datetime({ offset: true });

export const webhookSecretStatusSchema = z.object({
  deelnemer: z.string(),
  versienummer: z.string(),
  /** Whether the receiver has a secret: without one its deliveries carry no signature. */
  secretSet: z.boolean(),
  /** When the current secret was made; null without one. */
  created: isoDateTime.nullable(),
  /** Until when the secret before the last new one still signs beside it; null when none does. */
  previousValidUntil: isoDateTime.nullable(),
  /** How long a previous secret goes on signing after a new one (WEBHOOK_SECRET_GRACE_HOURS). */
  graceHours: z.number(),
});
export type WebhookSecretStatus = z.infer<typeof webhookSecretStatusSchema>;

/** The answer to making a secret: the secret, this once and never again, and the status after it. */
export const issuedWebhookSecretSchema = webhookSecretStatusSchema.extend({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
});
export type IssuedWebhookSecret = z.infer<typeof issuedWebhookSecretSchema>;
