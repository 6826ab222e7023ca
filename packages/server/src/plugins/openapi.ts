import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { KOPPELEN_PATH, apiErrorSchema } from '@knooppunt/domain';
import type { Access } from '../auth/guard';
import { participantsDocument, type OpenApiDocument } from './openapi-participants';

const UNAUTHORIZED = apiErrorSchema.meta({
  description: 'No valid bearer access token (missing, malformed, expired, or not ours).',
});
const FORBIDDEN = apiErrorSchema.meta({
  description: 'The token is valid but lacks what the operation requires (see its description).',
});

const RECENT_LOGIN_NOTE =
  'A dangerous action (decision 0055): the user\'s login (`auth_time`) must be at most RECENT_LOGIN_MINUTES (15) old, else 401 with `WWW-Authenticate: Bearer error="insufficient_user_authentication", max_age=…` (RFC 9470): log in again (prompt=login) and repeat the call.';

/**
 * The documents Swagger UI at /docs offers, the participants' API first (decision 0039): what a
 * participant's developer opens it for. The whole document stays at /docs/json.
 */
export const OPENAPI_PATHS = {
  participants: '/docs/deelnemers.json',
  /** Served by modules/docs. */
  callbacks: '/docs/callbacks.json',
  /** Swagger UI's own: every route, the portal's included. */
  whole: '/docs/json',
} as const;

const OPENAPI_DOCUMENTS = [
  { name: 'Deelnemers-API', url: OPENAPI_PATHS.participants },
  { name: 'Callbacks (webhooks)', url: OPENAPI_PATHS.callbacks },
  { name: 'Portaal-API (intern)', url: OPENAPI_PATHS.whole },
];

const PARTICIPANTS_DESCRIPTION = (koppelen: string) =>
  [
    'De API waarmee het systeem van een deelnemer berichten over opdrachten aan Knooppunt aanbiedt, met een access token van zijn systeemclient (client credentials).',
    `Wat Knooppunt aan de callback-URL's van de deelnemer aflevert staat in het document 'Callbacks (webhooks)' (kies het rechtsboven); hoe u koppelt, van token tot testomgeving, in [Koppelen met Knooppunt](${koppelen}).`,
  ].join('\n\n');

/** The OpenAPI document is generated from the route schemas; Swagger UI serves it at /docs. */
export const openapi = fp<{ version: string; publicUrl: string }>(async (app, { version, publicUrl }) => {
  const externalDocs = { description: 'Koppelen met Knooppunt', url: `${publicUrl}${KOPPELEN_PATH}` };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Knooppunt API',
        version,
        description:
          'The portal REST API (`/rest`) and the participants API (`/api/v1`). Every call needs a bearer access token: 401 without a valid one, 403 without the permission the route names.',
      },
      externalDocs,
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // Every operation gets an operationId; a guarded one documents 401 and 403 and states the
    // right it needs, all from the access the route declares (auth/guard.ts), so no route repeats it.
    transform: (input) => {
      const access = input.route.config?.access;
      const guarded = access !== undefined && access !== 'public';
      const schema = input.route.schema ?? {};
      const withGuardAnswers = guarded
        ? { ...schema, response: { 401: UNAUTHORIZED, 403: FORBIDDEN, ...(schema.response as object | undefined) } }
        : schema;
      const output = jsonSchemaTransform({ ...input, schema: withGuardAnswers });
      if (schema.hide) return output;
      const description = guarded
        ? [
            output.schema.description,
            `Requires ${needs(access)}.`,
            input.route.config?.recentLogin && RECENT_LOGIN_NOTE,
          ]
            .filter(Boolean)
            .join('\n\n')
        : output.schema.description;
      return {
        ...output,
        schema: {
          ...output.schema,
          operationId: operationId(input.route.method, input.url),
          ...(description && { description }),
        },
      };
    },
    // Schemas registered with an id (the recursive rule and value-list trees) become components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    theme: { title: 'Knooppunt API-documentatie' },
    // Swagger UI opens the first of `urls` and offers the others in its top bar.
    uiConfig: { urls: OPENAPI_DOCUMENTS },
  });

  let participants: OpenApiDocument | undefined;
  app.get(
    OPENAPI_PATHS.participants,
    { config: { access: 'public' }, schema: { hide: true } },
    async () =>
      (participants ??= participantsDocument(app.swagger() as unknown as OpenApiDocument, {
        title: 'Knooppunt API voor deelnemers',
        description: PARTICIPANTS_DESCRIPTION(externalDocs.url),
        externalDocs,
      })),
  );
});

function needs(access: Exclude<Access, 'public'>): string {
  if (access === 'authenticated') return 'any valid access token';
  if (access === 'participant') {
    return 'a participant system’s access token (client credentials, carrying its deelnemer)';
  }
  if (typeof access === 'object') {
    return `one of the permissions ${access.anyOf.map((permission) => `\`${permission}\``).join(', ')}`;
  }
  return `the permission \`${access}\``;
}

/** `PATCH /rest/rules/:id/compare/:compareId` → `patchRestRulesByIdCompareByCompareId`: stable and readable. */
export function operationId(method: string | string[], url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const verb = [method].flat()[0]?.toLowerCase() ?? 'call';
  return [verb, ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}
