import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

interface OidcError {
  name?: unknown;
  message?: unknown;
  error?: unknown;
  error_description?: unknown;
  cause?: unknown;
}

/**
 * What of an error may be logged. Database errors quote their query parameters, which here are
 * token payloads, and a request's headers carry cookies and credentials: neither goes to the log.
 */
function describe(error: unknown) {
  const e = (error ?? {}) as OidcError;
  const text = (value: unknown) => (typeof value === 'string' ? value.split(/\nparams:/)[0] : undefined);
  return {
    type: text(e.name),
    message: text(e.message),
    error: text(e.error),
    description: text(e.error_description),
    cause: text((e.cause as OidcError | undefined)?.message),
  };
}

const where = (ctx: KoaContextWithOIDC) => ({ method: ctx.method, path: ctx.path, client: ctx.oidc?.client?.clientId });

export function logProviderErrors(provider: Provider, log: FastifyBaseLogger) {
  const idpLog = log.child({ module: 'idp' });
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) =>
    idpLog.error({ ...where(ctx), error: describe(error) }, 'identity provider failed'),
  );
  // Client mistakes the provider answers itself (bad grant, unknown client …): worth a line, not an alarm.
  const refused = (event: string) => (ctx: KoaContextWithOIDC, error: unknown) =>
    idpLog.info({ ...where(ctx), event, error: describe(error) }, 'identity provider refused a request');
  provider.on('authorization.error', refused('authorization.error'));
  provider.on('grant.error', refused('grant.error'));
  provider.on('end_session.error', refused('end_session.error'));
  provider.on('revocation.error', refused('revocation.error'));
}
