import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createSystemClientSchema,
  issuedSystemClientSchema,
  systemClientIdParamsSchema,
  systemClientListSchema,
  systemClientQuerySchema,
  systemClientSchema,
} from '@knooppunt/domain';
import { currentUser } from '../../auth/guard';
import type { SystemClientsService } from './service';

const tags = ['Systeemclients'];

const RIGHTS =
  "Rights (decision 0019): with the super role ('Connectiviteit Beheren') any organisation (404 for one that does not exist); without it ('Beheer connectiviteit') only the caller's own organisation, 403 for any other, existing or not. Only organisations of type Netbeheerder, Gedelegeerd netbeheerder, Aannemer or Combi have system clients (400 naming `organisatie`).";
const CLIENT_RIGHTS =
  'A client of an organisation the caller may not manage answers 404, as one that does not exist (decision 0019).';

export const systemClientRoutes: FastifyPluginAsyncZod<{ service: SystemClientsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/rest/clients',
    {
      config: { access: 'canManageClients' },
      schema: {
        tags,
        summary: "An organisation's system clients",
        description: `The OAuth clients (client credentials) with which an organisation's system gets tokens for the participants' API (/api/v1), newest first, and \`verbinding\`: what a system needs to connect (issuer, token endpoint, audience, the claim that carries the participant, the grace period after 'Nieuw geheim', the token lifetime). Without \`organisatie\`: the caller's own organisation; for the super role every organisation's clients (each item names its \`organisatie\`; \`organisatie\` and \`type\` of the answer are then null). Secrets are never answered. With an external identity provider (OIDC_ISSUER) clients are registered at that provider: \`verbinding.extern\` is true, \`items\` empty and \`tokenEndpoint\` its discovery document. ${RIGHTS}`,
        querystring: systemClientQuerySchema,
        response: { 200: systemClientListSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => service.list(currentUser(request), request.query.organisatie),
  );

  app.post(
    '/rest/clients',
    {
      config: { access: 'canManageClients', recentLogin: true },
      schema: {
        tags,
        summary: "'Nieuwe client': register a system client",
        description: `Creates a client for \`organisatie\` (default: the caller's own) with a generated client id (\`<organisation>-<8 hex>\`). \`client_secret_basic\` (default): a generated secret of 32 random bytes (base64url) is answered as \`geheim\` this once and stored only as a slow hash; the system sends id and secret in the Basic Authorization header of the token request (grant_type=client_credentials). \`private_key_jwt\`: \`jwks\` holds 1 to 5 public signing keys, at most 16 kB (CLIENT_JWKS_MAX_KEYS, CLIENT_JWKS_MAX_BYTES): RSA of 2048 to 8192 bits for RS256/PS256 (a real modulus: odd, not zero, no leading zero bytes; an odd exponent of at least 65537), or EC on P-256 (ES256) or P-384 (ES384) with a point on the curve; a private key is refused, and each refusal is a 400 naming the member (e.g. \`jwks.keys.2.n\`, decision 0052). The system authenticates with a client assertion signed by one of them; no secret. An organisation has at most 10 clients that are not revoked (CLIENT_MAX_PER_ORGANISATION): 409 for one more. The omschrijving is stored NFC and may hold no invisible characters (decision 0053). Audited, without any secret. ${RIGHTS} With an external identity provider: 409.`,
        body: createSystemClientSchema,
        response: {
          201: issuedSystemClientSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.post(
    '/rest/clients/:clientId/geheim',
    {
      config: { access: 'canManageClients', recentLogin: true },
      schema: {
        tags,
        summary: "'Nieuw geheim': rotate a client's secret",
        description: `A new secret, answered as \`geheim\` this once. The secret it replaces keeps working for the grace period (CLIENT_SECRET_GRACE_HOURS, default 24 hours; \`vorigGeheimGeldigTot\`) so the system can switch over; a secret from before that stops at once. 409 for a revoked client, a private_key_jwt client (it has no secret) and with an external identity provider. The body may be empty. Audited, without any secret. ${CLIENT_RIGHTS}`,
        params: systemClientIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: issuedSystemClientSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => service.rotate(currentUser(request), request.params.clientId),
  );

  app.post(
    '/rest/clients/:clientId/intrekken',
    {
      config: { access: 'canManageClients' },
      schema: {
        tags,
        summary: "'Intrekken': revoke a client",
        description: `From now on the identity provider refuses the client every new token (invalid_client) and its secrets are forgotten. Access tokens it already has are self-contained JWTs: they keep working until they expire, at most ACCESS_TOKEN_TTL_SECONDS (\`verbinding.tokenLevensduurSeconden\`) after they were issued. Cannot be undone (409 when already revoked). The body may be empty. Audited. ${CLIENT_RIGHTS}`,
        params: systemClientIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: systemClientSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => service.revoke(currentUser(request), request.params.clientId),
  );
};
