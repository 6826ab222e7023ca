import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

interface Detail {
  field: string;
  message: string;
}

/**
 * One place maps every error to its answer `{message, details?}`: bad input is a 400 naming the
 * field, typed errors keep their status, and a 5xx never shows internals.
 */
export const errorHandler = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Detail[] = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath) || error.validationContext || 'body',
        message: issue.message ?? 'ongeldige waarde',
      }));
      return reply.code(400).send({ message: details.map((d) => `${d.field}: ${d.message}`).join('; '), details });
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ message: error.message, details: error.details });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Er ging iets mis op de server.' });
  });
});

/** '/metadata/delegerenden/0' → 'metadata.delegerenden.0' */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}
