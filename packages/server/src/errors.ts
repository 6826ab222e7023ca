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
