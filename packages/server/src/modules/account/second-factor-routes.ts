import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_SECOND_FACTOR_TEXTS as TEXTS,
  PASSWORD_TEXTS,
  apiErrorSchema,
  appEnrolmentSchema,
  enrolAppSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  secondFactorRequired,
  secondFactorStatusSchema,
  type SecondFactorPolicy,
} from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { LoginLimits } from '../../config';
import type { Database } from '../../db/client';
import { AppError, ConflictError } from '../../errors';
import {
  createSecondFactors,
  newTotpSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  totpQrSvg,
  totpStep,
  totpUri,
} from '../../idp/second-factor';
import { passkeyCount, removeApp } from '../../idp/passkeys';
import { createThrottle } from '../../idp/throttle';
import type { SecretCipher } from '../../secrets/cipher';
import { ownAccount, userTickets } from './own-account';

const invalid = (field: string, message: string) => new AppError(400, message, [{ field, message }]);

const TAG = ['Gebruikers'];
const REFUSALS = { 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const CODE_RULE =
  "`code` is a code the app shows now (six digits; 400 naming it when wrong or already used; wrong codes count towards the lock of the login's second step, decision 0054: 429 with Retry-After once locked)";

/**
 * 'Tweede stap' in the account menu (issue 31, decision 0054): the signed-in user of the embedded
 * provider sets up its own authenticator app, renews its recovery codes or removes the app where
 * the policy does not require one. Registered only with the embedded provider.
 */
export const accountSecondFactorRoutes: FastifyPluginAsyncZod<{
  db: Database;
  audit: AuditService;
  limits: LoginLimits;
  cipher: SecretCipher;
  policy: SecondFactorPolicy;
}> = async (app, { db, audit, limits, cipher, policy }) => {
  const secondFactors = createSecondFactors(db, cipher);
  // The same counters as the login's second step: a code is guessed no faster here than there.
  const throttle = createThrottle(db, limits, 'login');

  // The pending secret of 'Instellen' waits for its first code in a ticket: nothing is stored before.
  const tickets = userTickets(cipher, 'account-enrol', z.object({ secret: z.string() }));
  const own = (request: FastifyRequest) => ownAccount(db, request, TEXTS.geenAccount);

  const locked = (reply: FastifyReply, retryAfterSeconds: number) => {
    reply.header('retry-after', retryAfterSeconds);
    return new AppError(429, PASSWORD_TEXTS.locked(Math.ceil(retryAfterSeconds / 60)));
  };

  /**
   * A code checked under the login throttle (decision 0016), counted against the account of the
   * login's second step: `check` answers what a right code gives, or undefined for a wrong one
   * (400 naming `code`).
   */
  async function throttled<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    check: () => Promise<T | undefined>,
  ): Promise<T> {
    const admission = await throttle.admit(`second-factor:${userId}`, request.ip);
    if ('locked' in admission) throw locked(reply, admission.locked.retryAfterSeconds);
    await sleep(admission.attempt.delayMs);
    const result = await check();
    if (result === undefined) {
      const lock = await admission.attempt.failed();
      if (lock) throw locked(reply, lock.retryAfterSeconds);
      throw invalid('code', TEXTS.wrongCode);
    }
    await admission.attempt.succeeded();
    return result;
  }

  /** The audit entry of a change to one's own second factor, in the change's transaction. */
  const audited = (tx: Database, actor: AuthUser, email: string, action: string) =>
    audit.record(tx, actor, { action, subjectType: 'user', subjectId: email });

  /** A code of the user's app, taken: it counts once, here as at the login. */
  const appCodeTaken = (userId: string, secret: string, code: string) => async () => {
    const step = totpStep(secret, code);
    return step !== undefined && (await secondFactors.takeStep(userId, step)) ? true : undefined;
  };

  app.get(
    '/rest/account/second-factor',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: "One's own second factor ('Tweede stap')",
        description:
          "For the signed-in user of the embedded provider: whether an authenticator app is set up (`app`), how many passkeys and security keys it has (`passkeys`), how many recovery codes are still unused (`herstelcodesOver`, 0 without an app or a passkey) and whether the policy `MFA_REQUIRED` requires a second factor for the user's roles (`vereist`: then the last one cannot be removed). A system's token is refused (403).",
        response: { 200: secondFactorStatusSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await own(request);
      return {
        app: (await secondFactors.totpSecret(user.id)) !== undefined,
        passkeys: await passkeyCount(db, user.id),
        herstelcodesOver: await recoveryCodesLeft(db, user.id),
        vereist: secondFactorRequired(user.roles, policy),
      };
    },
  );

  app.post(
    '/rest/account/second-factor/app/start',
    {
      // Changing how one logs in needs a recent login (decision 0055).
      config: { access: 'authenticated', recentLogin: true },
      schema: {
        tags: TAG,
        summary: "Start setting up one's authenticator app ('Instellen')",
        description:
          "For the signed-in user of the embedded provider without an app (409 otherwise): a new secret, in base32 for typing by hand, as an `otpauth://` address and as a QR code (SVG), and a `ticket` holding it sealed for this user, valid for 10 minutes. Nothing is stored until the app's first code is given with the ticket (`POST /rest/account/second-factor/app`). A system's token is refused (403).",
        // Nothing to send: the body may be empty.
        body: z.object({}).nullish(),
        response: { 200: appEnrolmentSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await own(request);
      if (await secondFactors.totpSecret(user.id)) throw new ConflictError(TEXTS.alIngesteld);
      const secret = newTotpSecret();
      return {
        ticket: tickets.seal(user.id, { secret }),
        secret,
        otpauthUri: totpUri(secret, user.email),
        qrSvg: await totpQrSvg(secret, user.email),
      };
    },
  );

  app.post(
    '/rest/account/second-factor/app',
    {
      // Changing how one logs in needs a recent login (decision 0055).
      config: { access: 'authenticated', recentLogin: true },
      schema: {
        tags: TAG,
        summary: "Set up one's authenticator app with its first code",
        description: `For the signed-in user of the embedded provider: \`ticket\` is the one 'Instellen' gave this user, not expired (400 naming it otherwise); ${CODE_RULE}. Stores the app and ten new recovery codes, audited, and answers the codes (201), shown this once: only their hashes are kept. 409 when the user has set up an app meanwhile. From the next login on the user gives a code after the password. A system's token is refused (403).`,
        body: enrolAppSchema,
        response: { 201: recoveryCodesSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { actor, user } = await own(request);
      const secret = tickets.open(user.id, request.body.ticket)?.secret;
      if (!secret) throw invalid('ticket', TEXTS.ticket);
      const step = await throttled(request, reply, user.id, async () => totpStep(secret, request.body.code));
      const herstelcodes = await db.transaction(async (tx) => {
        const codes = await secondFactors.enrol(user.id, secret, step, tx);
        if (!codes) throw new ConflictError(TEXTS.alIngesteld);
        await audited(tx, actor, user.email, 'user.second-factor.enrolled');
        return codes;
      });
      return reply.code(201).send({ herstelcodes });
    },
  );

  app.post(
    '/rest/account/second-factor/recovery-codes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: "New recovery codes for one's second factor ('Nieuwe herstelcodes maken')",
        description: `For the signed-in user of the embedded provider with an app (409 otherwise): ${CODE_RULE}. Ten new recovery codes replace all earlier ones, used or not, audited; answers them (201), shown this once. A system's token is refused (403).`,
        body: secondFactorCodeSchema,
        response: { 201: recoveryCodesSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { actor, user } = await own(request);
      const secret = await secondFactors.totpSecret(user.id);
      if (!secret) throw new ConflictError(TEXTS.geenApp);
      await throttled(request, reply, user.id, appCodeTaken(user.id, secret, request.body.code));
      const herstelcodes = await db.transaction(async (tx) => {
        const codes = await replaceRecoveryCodes(tx, user.id);
        await audited(tx, actor, user.email, 'user.second-factor.recovery-codes');
        return codes;
      });
      return reply.code(201).send({ herstelcodes });
    },
  );

  app.delete(
    '/rest/account/second-factor',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: "Remove one's own second factor ('Tweede stap verwijderen')",
        description: `For the signed-in user of the embedded provider with an app (409 otherwise); when the policy \`MFA_REQUIRED\` requires a second factor for its roles, only while it has a passkey too (409 otherwise): ${CODE_RULE}. Removes the app, audited, and the recovery codes with it when no passkey is left; the user's sessions go on (decision 0054). Answers 204. A system's token is refused (403).`,
        body: secondFactorCodeSchema,
        response: { 204: z.null(), ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { actor, user } = await own(request);
      const secret = await secondFactors.totpSecret(user.id);
      if (!secret) throw new ConflictError(TEXTS.geenApp);
      const required = secondFactorRequired(user.roles, policy);
      if (required && (await passkeyCount(db, user.id)) === 0) throw new ConflictError(TEXTS.vereist);
      await throttled(request, reply, user.id, appCodeTaken(user.id, secret, request.body.code));
      await db.transaction(async (tx) => {
        const removed = await removeApp(tx, user.id, required);
        if (removed === 'not-found') throw new ConflictError(TEXTS.geenApp);
        if (removed === 'last') throw new ConflictError(TEXTS.vereist);
        await audited(tx, actor, user.email, 'user.second-factor.removed');
      });
      return reply.code(204).send(null);
    },
  );
};
