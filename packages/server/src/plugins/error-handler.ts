import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RECENT_LOGIN_ERROR } from '@knooppunt/domain';
import { isDatabaseUnavailable, outageOf } from '../db/errors';
import {
  AppError,
  OUTAGE_RETRY_AFTER_SECONDS,
  OUTAGE_TEXT,
  RecentLoginRequiredError,
  ServiceUnavailableError,
} from '../errors';

interface Detail {
  field: string;
  message: string;
}

/**
 * One place maps every error to its answer `{message, details?}`: bad input is a 400 naming the
 * field, typed errors keep their status, the database out of reach is a 503 with Retry-After, and a
 * 5xx never shows internals.
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
    if (error instanceof ServiceUnavailableError) {
      return reply.code(503).header('retry-after', error.retryAfterSeconds).send({ message: error.message });
    }
    if (error instanceof RecentLoginRequiredError) {
      return reply
        .code(401)
        .header(
          'www-authenticate',
          `Bearer error="${RECENT_LOGIN_ERROR}", error_description="A more recent login is required", max_age=${error.maxAgeSeconds}`,
        )
        .send({ message: error.message });
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ message: error.message, details: error.details });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of this request: the same request may succeed in a moment (decision 0048).
      request.log.warn({ error: outageOf(error) }, 'database unreachable; answered 503');
      return reply.code(503).header('retry-after', OUTAGE_RETRY_AFTER_SECONDS).send({ message: OUTAGE_TEXT });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (malformed JSON, unsupported media type, body too large), in Dutch.
      return reply.code(status).send({ message: clientErrorText(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Er ging iets mis op de server.' });
  });
});

/** Fastify's own client errors by code; any other keeps a general Dutch text. */
const CLIENT_ERROR_TEXTS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: geen geldige JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: mag niet leeg zijn bij content-type application/json.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Dit content-type wordt niet ondersteund; stuur application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'De content-length klopt niet met de body.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Het verzoek is te groot.',
  FST_ERR_BAD_URL: 'Het adres van het verzoek is ongeldig.',
};

export function clientErrorText(error: { code?: string; statusCode?: number }): string {
  return (error.code && CLIENT_ERROR_TEXTS[error.code]) ?? 'Ongeldig verzoek.';
}

/** '/metadata/delegerenden/0' → 'metadata.delegerenden.0' */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}
