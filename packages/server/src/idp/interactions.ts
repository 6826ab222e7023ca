import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import { errors, type InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '../db/client';
import { hashPassword, verifyPassword } from './passwords';
import { userByEmail } from './users-repository';
import { PAGE_HEADERS } from './html';
import { isStorableText } from '../db/text';
import { isDatabaseUnavailable, outageOf } from '../db/errors';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../errors';
import { renderLoginPage, type LoginPage } from './login-page';
import { renderErrorPage } from './status-pages';
import { MOUNT_PATH } from './provider';
import type { Throttle } from './throttle';
import type { LoginEvents } from './login-events';
import type { SecretCipher } from '../secrets/cipher';
import { acrOf, type SecondFactorPolicy } from '@knooppunt/domain';
import { createSecondFactors } from './second-factor';
import { createSecondFactorLogin } from './second-factor-login';
import { createPasskeys, relyingPartyOf } from './passkeys';

export interface InteractionOptions {
  provider: Provider;
  db: Database;
  portalClientId: string;
  portalUrl: string;
  demo: LoginPage['demo'];
  throttle: Throttle;
  events: LoginEvents;
  /** Encrypts the app secrets and seals the login's ticket between its steps. */
  cipher: SecretCipher;
  /** Who must log in with a second factor (MFA_REQUIRED). */
  secondFactor: SecondFactorPolicy;
  /** PUBLIC_URL: the passkeys' relying party. */
  publicUrl: string;
}

const paramsSchema = z.object({ uid: z.string().min(1).max(64) });
// Text PostgreSQL cannot store (NUL, lone surrogates) is no e-mail address: the form counts as empty.
const loginFormSchema = z.object({
  email: z.string().trim().max(320).refine(isStorableText),
  password: z.string().max(1024),
});

const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * The login screen of the embedded provider. The interaction's uid in the path plus the provider's
 * interaction cookie (httpOnly, SameSite=Lax, scoped to this path) bind a form post to the browser
 * that started the login, so a cross-site post finds no interaction.
 */
export const interactionRoutes: FastifyPluginAsync<InteractionOptions> = async (app, options) => {
  const { provider, db, portalClientId, portalUrl, throttle, events, cipher } = options;
  const demo = options.demo && { ...options.demo, passwordOnly: options.secondFactor === 'none' };
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Unknown e-mail addresses cost a password check too, so timing does not tell which accounts exist.
  const dummyHash = hashPassword(randomUUID());

  const sendHtml = (
    reply: FastifyReply,
    status: number,
    html: string,
    headers: Record<string, string> = PAGE_HEADERS,
  ) => reply.code(status).headers(headers).send(html);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof errors.SessionNotFound)
      return sendHtml(reply, 400, renderErrorPage('login_required', portalUrl));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ error: outageOf(error) }, 'database unreachable; login answered 503');
      reply.header('retry-after', OUTAGE_RETRY_AFTER_SECONDS);
      return sendHtml(reply, 503, renderErrorPage('temporarily_unavailable', portalUrl));
    }
    // A request Fastify refused before any handler (a body over the limit, a wrong content type).
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendHtml(reply, status, renderErrorPage('invalid_request', portalUrl));
    }
    request.log.error({ err: error }, 'login interaction failed');
    return sendHtml(reply, 500, renderErrorPage('server_error', portalUrl));
  });

  /** The interaction of this browser, if it is the one in the path. */
  async function interactionOf(request: FastifyRequest, reply: FastifyReply) {
    const { uid } = paramsSchema.parse(request.params);
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== uid) throw new errors.SessionNotFound('interaction does not match');
    return interaction;
  }

  /** Hands the result to the provider, which continues the authorization request at `returnTo`. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) => {
    // A login says how sure it is (`acr`) beside how it was made (`amr`), decision 0054.
    const { login } = result;
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      login ? { ...result, login: { ...login, acr: acrOf(login.amr) } } : result,
    );
    return reply.redirect(returnTo, 303);
  };

  const secondStep = createSecondFactorLogin({
    secondFactors: createSecondFactors(db, cipher),
    passkeys: createPasskeys(db, relyingPartyOf(options.publicUrl)),
    cipher,
    policy: options.secondFactor,
    throttle,
    events,
    portalUrl,
    sendHtml,
  });
  secondStep.register(app, `${MOUNT_PATH}/interaction/:uid`, routeOptions, interactionOf, finish);

  app.get(`${MOUNT_PATH}/interaction/:uid`, routeOptions, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    const { prompt, params, session } = interaction;
    if (prompt.name === 'login') {
      return sendHtml(reply, 200, renderLoginPage({ action: request.url, demo }));
    }
    // Consent: the portal is our own first-party client, so it gets what it asked for without a screen.
    if (prompt.name === 'consent' && params.client_id === portalClientId && session?.accountId) {
      const grant = interaction.grantId
        ? await provider.Grant.find(interaction.grantId)
        : new provider.Grant({ accountId: session.accountId, clientId: portalClientId });
      if (!grant) throw new errors.SessionNotFound('grant not found');
      const details = prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(' '));
      }
      const grantId = await grant.save();
      return finish(request, reply, { consent: { grantId } });
    }
    return finish(request, reply, { error: 'access_denied', error_description: 'interaction not supported' });
  });

  app.post(`${MOUNT_PATH}/interaction/:uid`, routeOptions, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (interaction.prompt.name !== 'login') return reply.redirect(request.url, 303);
    const form = loginFormSchema.safeParse(request.body);
    const email = form.success ? form.data.email : '';
    const page = (status: number, shown: Omit<LoginPage, 'action' | 'email' | 'demo'>) =>
      sendHtml(reply, status, renderLoginPage({ action: request.url, email, demo, ...shown }));
    // Unknown addresses are counted and locked like known ones: the answers tell nothing apart.
    const admission = await throttle.admit(email ? email.toLowerCase() : undefined, request.ip);
    if ('locked' in admission) {
      events.refused('login');
      reply.header('retry-after', admission.locked.retryAfterSeconds);
      return page(429, { lockedSeconds: admission.locked.retryAfterSeconds });
    }
    const { attempt } = admission;
    await sleep(attempt.delayMs);
    const user = email ? await userByEmail(db, email) : undefined;
    const valid = await verifyPassword(form.success ? form.data.password : '', user?.passwordHash ?? (await dummyHash));
    if (!user?.passwordHash || !valid) {
      const lock = await attempt.failed();
      await events.failed('login', email, request.ip, lock);
      if (!lock) return page(401, { failed: true });
      reply.header('retry-after', lock.retryAfterSeconds);
      return page(429, { lockedSeconds: lock.retryAfterSeconds });
    }
    await attempt.succeeded();
    // Said only to who knows the password: a blocked account or a deactivated organisation's.
    if (user.blocked || !user.organisationActive) {
      await events.refusedAccount(user.email, user.blocked ? 'blocked' : 'deactivated', request.ip);
      return page(403, { refused: user.blocked ? 'blocked' : 'deactivated' });
    }
    // The login, or the page of its second step (the answer then is that page).
    const login = await secondStep.afterPassword(reply, { uid: interaction.uid, url: request.url }, user);
    return login ? finish(request, reply, login) : reply;
  });
};
