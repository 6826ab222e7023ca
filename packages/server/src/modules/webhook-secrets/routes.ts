import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  configKeySchema,
  issuedWebhookSecretSchema,
  webhookSecretStatusSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { WebhookSecretsService } from './service';

const tags = ['Configuraties'];
const PATH = '/rest/management/config/webhook-secret';

const SIGNING =
  'Every delivery to a receiver with a secret carries Standard Webhooks headers beside its bearer token: `webhook-id` (the message id), `webhook-timestamp` (seconds since 1970) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` with the secret; during a grace period one such entry per valid secret, separated by a space). The secret belongs to the participant and version number, not to a configuration version (decision 0061).';
const RIGHTS =
  'Without the super role only for the caller’s own participant; another participant’s answers 404, as a pair without any configuration does.';

export const webhookSecretRoutes: FastifyPluginAsyncZod<{ service: WebhookSecretsService }> = async (
  app,
  { service },
) => {
  app.get(
    PATH,
    {
      config: { access: 'canViewConfig' },
      schema: {
        tags,
        summary: 'Whether a receiver has a signing secret',
        description: `Whether the participant has a signing secret for the version number, since when, and until when the previous one still signs beside it (\`previousValidUntil\`, null when none does). The secret itself is never answered: only the call that makes it shows it. ${SIGNING} ${RIGHTS}`,
        querystring: configKeySchema,
        response: { 200: webhookSecretStatusSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.status(currentUser(request), request.query),
  );

  app.post(
    PATH,
    {
      config: { access: 'canCreateDraft', recentLogin: true },
      schema: {
        tags,
        summary: 'Make a new signing secret (the first one, or in place of the current one)',
        description: `A new secret (\`whsec_\` and the base64 of 32 random bytes), answered as \`secret\` this once and stored encrypted. A secret it replaces goes on signing beside it for the grace period (WEBHOOK_SECRET_GRACE_HOURS, default 24 hours; \`previousValidUntil\`) so the receiver can switch over; one from before that stops at once. Worker processes sign with it within a second. Needs a configuration of the pair (a draft will do). Audited, without any secret. ${SIGNING} Who may: as for saving a configuration — without \`canCreateConfig\` only the caller’s own participant (403 otherwise). ${RIGHTS}`,
        body: configKeySchema,
        response: {
          201: issuedWebhookSecretSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.issue(currentUser(request), request.body)),
  );
};
