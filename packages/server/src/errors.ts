import { RECENT_LOGIN_TEXTS } from '@knooppunt/domain';

/** Typed errors thrown anywhere and mapped to status codes in one place (plugins/error-handler). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(field: string, message: string) {
    super(400, `${field}: ${message}`, [{ field, message }]);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Niet ingelogd of ongeldig token') {
    super(401, message);
  }
}

/**
 * A dangerous action without a recent enough login (decision 0055): 401 with the step-up
 * challenge of RFC 9470 in WWW-Authenticate (plugins/error-handler.ts), `max_age` the window.
 */
export class RecentLoginRequiredError extends AppError {
  constructor(readonly maxAgeSeconds: number) {
    super(401, RECENT_LOGIN_TEXTS.required(maxAgeSeconds));
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Onvoldoende rechten') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Niet gevonden') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Seconds a client waits before trying again after a 503 for a database outage (Retry-After). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const OUTAGE_TEXT =
  'Knooppunt kan zijn database even niet bereiken. Probeer het over enkele seconden opnieuw (een bericht met dezelfde Idempotency-Key).';

/**
 * The database could not be reached (db/errors.ts `isDatabaseUnavailable`): the request may be sent
 * again as it was, after Retry-After. A 503, not a 500, so that a participant's system retries.
 */
export class ServiceUnavailableError extends AppError {
  readonly retryAfterSeconds = OUTAGE_RETRY_AFTER_SECONDS;
  constructor(message = OUTAGE_TEXT) {
    super(503, message);
  }
}
