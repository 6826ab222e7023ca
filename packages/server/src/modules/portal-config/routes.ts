import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';

const portalConfigSchema = z.object({
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  claims: z.object({ deelnemer: z.string(), roles: z.string(), email: z.string() }),
  /** Whether the account menu offers 'Wachtwoord wijzigen': the embedded provider's users only. */
  passwordChange: z.boolean(),
});

/** What the portal needs to know before login: where the identity provider is and how its claims are named. */
export const portalConfigRoutes: FastifyPluginAsyncZod<{ oidc: Config['oidc']; passwordChange: boolean }> = async (
  app,
  { oidc, passwordChange },
) => {
  app.get(
    '/portal-config.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Beheer'],
        summary: 'Runtime configuration of the portal',
        security: [],
        response: { 200: portalConfigSchema },
      },
    },
    async () => ({
      authority: oidc.issuer,
      clientId: oidc.portalClientId,
      scope: oidc.scope,
      claims: oidc.claims,
      passwordChange,
    }),
  );
};
