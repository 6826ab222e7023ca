import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isStorableText } from '../db/text';

export const TEXT_INPUT_TEXTS = {
  invalidCharacter: 'bevat een ongeldig teken',
  invalidName: 'bevat een veldnaam met een ongeldig teken',
} as const;

/** At most this many offending fields are named in one answer. */
const MAX_DETAILS = 10;

interface Detail {
  field: string;
  message: string;
}

/**
 * Refuses text PostgreSQL cannot hold, once for every route, before validation and any handler:
 * path parameters, query, body (JSON or form) and the headers the route's schema declares.
 * Answers 400 naming each field, in the shape of the error handler's validation answers
 * (docs/decisions/0017-malformed-input.md).
 */
export const textInput = fp(async (app) => {
  app.addHook('preValidation', async (request, reply) => {
    const details = invalidText(request);
    if (details.length === 0) return;
    // Answered here rather than thrown: a plugin's own error handler (the login page's) does not
    // know our errors and would answer 500.
    await reply.code(400).send({ message: details.map((d) => `${d.field}: ${d.message}`).join('; '), details });
    return reply;
  });
});

function invalidText(request: FastifyRequest): Detail[] {
  const details: Detail[] = [];
  const headers = declaredHeaders(request);
  const roots: [string, unknown][] = [
    ['', request.params],
    ['', request.query],
    ...headers.map((name): [string, unknown] => [name, request.headers[name]]),
    ['', request.body],
  ];
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: [string, unknown][] = roots.reverse();
  while (stack.length > 0 && details.length < MAX_DETAILS) {
    const [path, value] = stack.pop() as [string, unknown];
    if (typeof value === 'string') {
      if (!isStorableText(value)) details.push({ field: path || 'body', message: TEXT_INPUT_TEXTS.invalidCharacter });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push([join(path, String(index)), value[index]]);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        if (!isStorableText(key)) details.push({ field: path || 'body', message: TEXT_INPUT_TEXTS.invalidName });
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        if (isStorableText(key)) stack.push([join(path, key), child]);
      }
    }
  }
  return details.slice(0, MAX_DETAILS);
}

/** The headers a route reads as input: those its schema declares. */
function declaredHeaders(request: FastifyRequest): string[] {
  const schema: unknown = request.routeOptions.schema?.headers;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).map((name) => name.toLowerCase()) : [];
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
