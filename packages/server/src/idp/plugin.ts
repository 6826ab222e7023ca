import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Registry } from 'prom-client';
import type { AuditService } from '../audit/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { deleteExpiredPayloads } from './adapter';
import { interactionRoutes } from './interactions';
import type { SecretCipher } from '../secrets/cipher';
import type { LoginPage } from './login-page';
import { setPasswordRoutes } from './set-password';
import { forgotPasswordRoutes } from './forgot-password';
import type { Mailer } from '../mail/outbox';
import { logProviderErrors } from './provider-log';
import { answerOutagesAsUnavailable } from './outage';
import { registerFonts } from './fonts';
import { createProvider, MOUNT_PATH } from './provider';
import { createLoginEvents, type LoginEvents } from './login-events';
import { createThrottle, deleteExpiredThrottles, type Throttle } from './throttle';
import {
  PROVIDER_BODY_LIMIT,
  UNREADABLE_BODY,
  assertedClientId,
  readBody,
  replayRequest,
  tokenLockedBody,
  triedClientId,
} from './token-throttle';
import { createSystemClientStore } from './system-clients';

const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

const isForm = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * Everything under /oidc except the login screen goes to the provider untouched: no body parsing
 * here (every parser removed, a pass-through one for any type), the raw request with the mount
 * path stripped, and the reply hijacked so Fastify writes nothing itself.
 *
 * The endpoints where clients authenticate (token, and its revocation) are throttled here, around
 * the provider: by the client id of a Basic Authorization header (how every client with a secret
 * authenticates) or of a client assertion in the body (private_key_jwt) together with the source
 * address, and by source address alone; the provider's 401 (invalid_client) is the failure.
 */
const providerRoutes: FastifyPluginAsync<{ provider: Provider; throttle: Throttle; events: LoginEvents }> = async (
  app,
  { provider, throttle, events },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const callback = provider.callback();
  const tokenPath = `${MOUNT_PATH}/token`;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const originalUrl = request.raw.url ?? MOUNT_PATH;
    const path = originalUrl.split('?')[0] ?? '';
    const tokenRequest = request.method === 'POST' && (path === tokenPath || path.startsWith(`${tokenPath}/`));
    let raw = request.raw;
    let clientId = tokenRequest ? triedClientId(request.headers.authorization) : undefined;
    // A private_key_jwt client names itself in the body: read it here (the provider reads our copy).
    if (tokenRequest && clientId === undefined && isForm(request.headers['content-type'])) {
      const body = await readBody(request.raw, PROVIDER_BODY_LIMIT);
      if (!body) return reply.code(400).headers({ 'cache-control': 'no-store' }).send(UNREADABLE_BODY);
      clientId = assertedClientId(body.toString('utf8'));
      raw = replayRequest(request.raw, body);
    }
    const admission = tokenRequest ? await throttle.admit(clientId, request.ip) : undefined;
    if (admission && 'locked' in admission) {
      events.refused('token');
      return reply
        .code(429)
        .headers({ 'retry-after': admission.locked.retryAfterSeconds, 'cache-control': 'no-store' })
        .send(tokenLockedBody(admission.locked));
    }
    if (admission) await sleep(admission.attempt.delayMs);

    reply.hijack();
    const rest = originalUrl.slice(MOUNT_PATH.length);
    // The provider builds its own URLs (resume, logout confirmation) from what was stripped.
    Object.assign(raw, { originalUrl, url: rest.startsWith('/') ? rest : `/${rest}` });
    await callback(raw, reply.raw);

    if (!admission) return;
    // The answer is sent; counting it must not fail the request, only be logged.
    try {
      if (reply.raw.statusCode === 401) {
        const lock = await admission.attempt.failed();
        await events.failed('token', clientId ?? '', request.ip, lock);
      } else {
        await admission.attempt.succeeded();
      }
    } catch (error) {
      request.log.error({ err: error }, 'counting a token request failed');
    }
  };
  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  app.all(MOUNT_PATH, options, handler);
  app.all(`${MOUNT_PATH}/*`, options, handler);
};

/** The embedded OpenID Connect provider at /oidc, used whenever no external issuer is configured. */
export const embeddedIdp = fp<{
  config: Config;
  db: Database;
  signingKeys: JWK[];
  audit: AuditService;
  registry: Registry;
  mailer: Mailer;
  /** Encrypts the second factors' secrets (decision 0054). */
  cipher: SecretCipher;
  /** The accounts the login page lists (demo mode), handed in by the composition root (app.ts). */
  demoAccounts?: LoginPage['demo'];
}>(
  async (app, { config, db, signingKeys, audit, registry, mailer, cipher, demoAccounts }) => {
    const systemClients = createSystemClientStore(db, app.log);
    const provider = createProvider({ config, db, signingKeys, systemClients });
    logProviderErrors(provider, app.log);
    answerOutagesAsUnavailable(provider, `${config.publicUrl}/`);
    const events = createLoginEvents({ db, audit, registry });

    await app.register(providerRoutes, {
      provider,
      // A client id is no secret (the portal and the audit log show it): its lock must not reach the
      // client's own system at another address (decision 0051).
      throttle: createThrottle(db, config.login, 'token', { accountPerAddress: true }),
      events,
    });
    await app.register(interactionRoutes, {
      provider,
      db,
      portalClientId: config.oidc.portalClientId,
      portalUrl: `${config.publicUrl}/`,
      demo: demoAccounts,
      throttle: createThrottle(db, config.login, 'login'),
      events,
      cipher,
      secondFactor: config.secondFactor,
      publicUrl: config.publicUrl,
    });

    // The portal's typeface for the pages above (idp/html.ts).
    registerFonts(app);
    await app.register(setPasswordRoutes, { db, portalUrl: `${config.publicUrl}/` });
    await app.register(forgotPasswordRoutes, { db, publicUrl: config.publicUrl, limits: config.login, mailer });

    const sweep = setInterval(() => {
      deleteExpiredPayloads(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'sweeping oidc_payloads failed'),
      );
      deleteExpiredThrottles(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'sweeping login_throttle failed'),
      );
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await systemClients.idle();
    });
  },
  { name: 'embedded-idp' },
);
