import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { TEST_API_PREFIX, type Permission } from '@knooppunt/domain';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AuthUser, TokenVerifier } from './verifier';

/**
 * What a route needs: a permission flag, any one of several flags (`{ anyOf }`: a call shared by
 * screens with different rights), any valid token of a user, a participant's system (a token that
 * carries the system claim and a deelnemer, of a client other than the portal: the participants'
 * API), or nothing. A system's token opens the participants' API only (decision 0015).
 */
export type Access =
  Permission | { anyOf: readonly [Permission, ...Permission[]] } | 'authenticated' | 'participant' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | undefined;
  }
  interface FastifyInstance {
    /** Every guarded route with the access it declared; the route-table test reads it. */
    guardedRoutes: { method: string; url: string; access: Access }[];
  }
}

export const GUARD_TEXTS = {
  alleenSystemen: 'Alleen systemen van deelnemers mogen berichten aanbieden.',
  geenSysteem: 'Het token van een systeem geeft alleen toegang tot de deelnemers-API (/api/v1).',
} as const;

/** Paths under these prefixes must declare their access: forgetting it fails at start-up. */
const GUARDED_PREFIXES = ['/rest/', '/api/', `${TEST_API_PREFIX}/rest/`];

/**
 * Every route declares `config.access`; this hook answers 401 without a valid bearer token and
 * 403 without the flag, before parsing, validation or any handler runs.
 */
export const authGuard = fp<{ verify: TokenVerifier; portalClientId: string }>(
  async (app, { verify, portalClientId }) => {
    app.decorateRequest('user', undefined);
    app.decorate('guardedRoutes', []);

    app.addHook('onRoute', (route) => {
      if (!GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.guardedRoutes.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      request.user = await authenticate(request, verify);
      const { system, deelnemer, clientId } = request.user;
      if (access === 'participant') {
        if (!system || !deelnemer || clientId === portalClientId) throw new ForbiddenError(GUARD_TEXTS.alleenSystemen);
        return;
      }
      // Every other guarded route is the portal's: a system's token is no user's.
      if (system) throw new ForbiddenError(GUARD_TEXTS.geenSysteem);
      if (access === 'authenticated') return;
      const { permissions } = request.user;
      const granted = typeof access === 'object' ? access.anyOf : [access];
      if (!granted.some((permission) => permissions[permission])) throw new ForbiddenError();
    });
  },
);

async function authenticate(request: FastifyRequest, verify: TokenVerifier): Promise<AuthUser> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw new UnauthorizedError();
  return verify(match[1]);
}

/** The authenticated caller of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
