import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/data';
import { deleteExpiredPayloads } from './adapter';
import { interactionRoutes } from './interactions';
import { setPasswordRoutes } from './set-password';
import { logProviderErrors } from './provider-log';
import { createProvider, MOUNT_PATH } from './provider';

const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Everything under /oidc except the login screen goes to the provider untouched: no body parsing
 * here (every parser removed, a pass-through one for any type), the raw request with the mount
 * path stripped, and the reply hijacked so Fastify writes nothing itself.
 */
const providerRoutes: FastifyPluginAsync<{ provider: Provider }> = async (app, { provider }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const callback = provider.callback();

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const originalUrl = request.raw.url ?? MOUNT_PATH;
    const rest = originalUrl.slice(MOUNT_PATH.length);
    // The provider builds its own URLs (resume, logout confirmation) from what was stripped.
    Object.assign(request.raw, { originalUrl, url: rest.startsWith('/') ? rest : `/${rest}` });
    await callback(request.raw, reply.raw);
  };
  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  app.all(MOUNT_PATH, options, handler);
  app.all(`${MOUNT_PATH}/*`, options, handler);
};

/** The embedded OpenID Connect provider at /oidc, used whenever no external issuer is configured. */
export const embeddedIdp = fp<{ config: Config; db: Database; signingKeys: JWK[] }>(
  async (app, { config, db, signingKeys }) => {
    const provider = createProvider({ config, db, signingKeys });
    logProviderErrors(provider, app.log);

    await app.register(providerRoutes, { provider });
    await app.register(interactionRoutes, {
      provider,
      db,
      portalClientId: config.oidc.portalClientId,
      portalUrl: `${config.publicUrl}/`,
      demo: config.demo ? { emails: DEMO_USERS.map((user) => user.email), password: DEMO_PASSWORD } : undefined,
    });

    await app.register(setPasswordRoutes, { db, portalUrl: `${config.publicUrl}/` });

    const sweep = setInterval(() => {
      deleteExpiredPayloads(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'sweeping oidc_payloads failed'),
      );
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'embedded-idp' },
);
