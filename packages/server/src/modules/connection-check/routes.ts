import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, configVersionKeySchema, connectionCheckSchema } from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { Outbound } from '../../outbound/client';
import type { ConfigsService } from '../configs/service';
import { checkConnection } from './check';

export const connectionCheckRoutes: FastifyPluginAsyncZod<{ configs: ConfigsService; outbound: Outbound }> = async (
  app,
  { configs, outbound },
) => {
  app.post(
    '/rest/management/connection-check',
    {
      config: { access: 'canViewConfig' },
      schema: {
        tags: ['Configuraties'],
        summary: 'Check the connection of one configuration version',
        description:
          "Gets a token from the tokenUrl with the client-credentials grant, then POSTs `{}` with it to every configured callback URL (2xx or 400 counts as success). `results` is one map (spec 000 §3): the key `tokenUrl` and each configured callback URL's message type (`Opdracht`, `TG`, …), each to `{success, message, details}`; an absent entry means no check was done (after a failed token step no callback is called). Targets on loopback or private networks, and plain http, are refused unless ALLOW_PRIVATE_TARGETS is on. Deliberately safer than a plain echo: the client secret and the access token never appear in the answer, not even inside a receiver's response shown in `details` (they are redacted), and no configuration read answers the client secret either.",
        body: configVersionKeySchema,
        response: { 200: connectionCheckSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const target = await configs.getWithSecret(currentUser(request), request.body);
      return { results: await checkConnection(target, outbound) };
    },
  );
};
