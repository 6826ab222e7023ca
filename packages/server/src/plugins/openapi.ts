import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the route schemas; Swagger UI serves it at /docs. */
export const openapi = fp<{ version: string; publicUrl: string }>(async (app, { version, publicUrl }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Knooppunt API',
        version,
        description:
          'The portal REST API (`/rest`) and the participants API (`/api/v1`). Every call needs a bearer access token: 401 without a valid one, 403 without the permission the route names.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // The document states the right each route needs, from the access the route declares.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      if (!access || access === 'public' || input.route.schema?.hide) return output;
      const needs =
        access === 'authenticated'
          ? 'any valid access token'
          : access === 'participant'
            ? 'a participant system’s access token (client credentials, carrying its deelnemer)'
            : typeof access === 'object'
              ? `one of the permissions ${access.anyOf.map((permission) => `\`${permission}\``).join(', ')}`
              : `the permission \`${access}\``;
      const description = [output.schema.description, `Requires ${needs}.`].filter(Boolean).join('\n\n');
      return { ...output, schema: { ...output.schema, description } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
