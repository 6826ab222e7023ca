import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currentUser } from '../../auth/guard';
import type { Database } from '../../db/client';
import { ForbiddenError } from '../../errors';
import { userById } from '../../idp/users-repository';
import type { SecretCipher } from '../../secrets/cipher';

/**
 * The signed-in user's own account at the embedded provider, for the account menu's calls: a
 * token of no user of that provider (a system's, an external provider's user) is refused with 403.
 */
export async function ownAccount(db: Database, request: FastifyRequest, noAccountText: string) {
  const actor = currentUser(request);
  const user = await userById(db, actor.sub);
  if (!user) throw new ForbiddenError(noAccountText);
  return { actor, user };
}

/**
 * What a first call hands the browser for the second (a new app's secret, a passkey's challenge):
 * sealed with the secret key and bound to its user and purpose, valid for `minutes`. Nothing is
 * stored until the second call; another user's, another purpose's, a tampered or an expired
 * ticket opens nothing.
 */
export function userTickets<T extends object>(
  cipher: SecretCipher,
  purpose: string,
  schema: z.ZodType<T>,
  minutes = 10,
) {
  const context = (userId: string) => `${purpose}:${userId}`;
  return {
    seal: (userId: string, value: T) =>
      cipher.encrypt(JSON.stringify({ value, exp: Date.now() + minutes * 60_000 }), context(userId)),
    open(userId: string, ticket: string): T | undefined {
      try {
        const opened = JSON.parse(cipher.decrypt(ticket, context(userId))) as { value?: unknown; exp?: unknown };
        if (typeof opened.exp !== 'number' || opened.exp <= Date.now()) return undefined;
        const parsed = schema.safeParse(opened.value);
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
