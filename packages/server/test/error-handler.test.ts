import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../src/plugins/error-handler';
import { OUTAGE_TEXT } from '../src/errors';

/** An application whose one route throws `error`, answered by the one error handler. */
async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  app.get('/', async () => {
    throw error;
  });
  const response = await app.inject('/');
  await app.close();
  return response;
}

/** How node-postgres and Drizzle report a database out of reach (a Drizzle error wraps the driver's). */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: geheim'), { cause });
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('the error handler and a database out of reach', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the server shutting down', wrapped(withCode('57P01', 'terminating connection due to administrator command'))],
    ['a connection failure', withCode('08006', 'connection failure')],
    ['the connection lost under a query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['no connection from the pool in time', new Error('timeout exceeded when trying to connect')],
    ['this process shutting down', wrapped(new Error('Cannot use a pool after calling end on the pool'))],
  ])('%s: 503 with Retry-After and a Dutch message, nothing of the query', async (_, error) => {
    const response = await answerTo(error);
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ message: OUTAGE_TEXT });
  });

  it('a database error that is no outage stays a 500 without details', async () => {
    for (const error of [withCode('23505', 'duplicate key'), wrapped(withCode('40001')), new Error('bug')]) {
      const response = await answerTo(error);
      expect(response.statusCode).toBe(500);
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.json()).toEqual({ message: 'Er ging iets mis op de server.' });
    }
  });
});
