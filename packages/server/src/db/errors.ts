/** Whether a database error (or the one Drizzle wrapped) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * SQLSTATEs after which the same transaction, run again, can succeed: a serialization failure, a
 * deadlock, and the server ending the connection (shutdown, failover, an administrator); class 08
 * (connection exception) is matched by its prefix.
 */
const TRANSIENT_STATES = new Set(['40001', '40P01', '57P01', '57P02', '57P03']);
/** The socket's own errors when the connection to the server breaks. */
const SOCKET_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
/** node-postgres reports a connection that ended under a query, or a client it broke, in words only. */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|Client was closed)/;

/**
 * Whether a failed transaction may be run again (or the one Drizzle wrapped): nothing of it was
 * stored — except when the connection broke during COMMIT, which the caller has to allow for.
 */
export function isTransient(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_STATES.has(code) || code.startsWith('08') || SOCKET_ERRORS.has(code))) {
      return true;
    }
    if (e instanceof Error && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

/**
 * A pool that found no connection in time, or a database handle already closed because this
 * process is shutting down (node-postgres and PGlite say so in words only).
 */
const NO_CONNECTION =
  /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout|Cannot use a pool after calling end on the pool|PGlite is closed)/;

/**
 * Whether the database could not be reached (or the error Drizzle wrapped): the connection
 * refused or lost, no connection from the pool in time, the database server or this process
 * shutting down — not a serialization failure or deadlock, which the database answered.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || SOCKET_ERRORS.has(code))) {
      return true;
    }
    if (e instanceof Error && (CONNECTION_LOST.test(e.message) || NO_CONNECTION.test(e.message))) return true;
  }
  return false;
}

/** What of a database error may be logged: its code and first line, never the query's parameters. */
export function outageOf(error: unknown): { code?: string; message?: string } {
  const e = error as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const first = (value: unknown) => (typeof value === 'string' ? value.split('\n')[0] : undefined);
  const cause = e?.cause ?? e;
  return {
    code: typeof cause?.code === 'string' ? cause.code : undefined,
    message: first(cause?.message) ?? first(e?.message),
  };
}
