import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_TEXTS, apiErrorSchema, changePasswordSchema } from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import { currentUser } from '../../auth/guard';
import type { LoginLimits } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, ForbiddenError } from '../../errors';
import { hashPassword, verifyPassword } from '../../idp/passwords';
import { endSessions } from '../../idp/sessions';
import { createThrottle } from '../../idp/throttle';
import { userById } from '../../idp/users-repository';

const invalid = (field: string, message: string) => new AppError(400, message, [{ field, message }]);

/**
 * The signed-in user's own account at the embedded provider (issue 29): 'Wachtwoord wijzigen'.
 * Registered only with the embedded provider; an external one keeps its users' passwords.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Database; audit: AuditService; limits: LoginLimits }> = async (
  app,
  { db, audit, limits },
) => {
  // The current password is guessed no faster here than at the login form: the same counters.
  const throttle = createThrottle(db, limits, 'login');

  app.post(
    '/rest/account/password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Gebruikers'],
        summary: "Change one's own password ('Wachtwoord wijzigen')",
        description:
          "For the signed-in user of the embedded provider: `huidigWachtwoord` must be its password (400 naming it otherwise; wrong attempts count towards the login lock of decision 0016, 429 with Retry-After once locked), `nieuwWachtwoord` at least 10 and at most 1024 characters and not the current one (400 naming it). Sets the password, ends every session and token of the user (it logs in again with the new password) and is audited. Answers 204. A system's token is refused (403).",
        body: changePasswordSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const user = await userById(db, actor.sub);
      if (!user?.passwordHash) throw new ForbiddenError(PASSWORD_TEXTS.geenAccount);
      const { huidigWachtwoord, nieuwWachtwoord } = request.body;
      const admission = await throttle.admit(user.email.toLowerCase(), request.ip);
      if ('locked' in admission) {
        reply.header('retry-after', admission.locked.retryAfterSeconds);
        throw new AppError(429, PASSWORD_TEXTS.locked(Math.ceil(admission.locked.retryAfterSeconds / 60)));
      }
      await sleep(admission.attempt.delayMs);
      if (!(await verifyPassword(huidigWachtwoord, user.passwordHash))) {
        const lock = await admission.attempt.failed();
        if (lock) {
          reply.header('retry-after', lock.retryAfterSeconds);
          throw new AppError(429, PASSWORD_TEXTS.locked(Math.ceil(lock.retryAfterSeconds / 60)));
        }
        throw invalid('huidigWachtwoord', PASSWORD_TEXTS.wrong);
      }
      await admission.attempt.succeeded();
      if (huidigWachtwoord === nieuwWachtwoord) throw invalid('nieuwWachtwoord', PASSWORD_TEXTS.same);
      const passwordHash = await hashPassword(nieuwWachtwoord);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updated: sql`now()` })
          .where(eq(users.id, user.id));
        await endSessions(tx, [user.id]);
        await audit.record(tx, actor, { action: 'user.password', subjectType: 'user', subjectId: user.email });
      });
      return reply.code(204).send(null);
    },
  );
};
