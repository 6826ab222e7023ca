import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { TEST_API_PREFIX, actingRoles, permissionsFor, type Permission } from '@knooppunt/domain';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { assertRecentLogin, type AuthUser, type TokenVerifier } from './verifier';

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
    /** A dangerous action (decision 0055): needs a login of the last RECENT_LOGIN_MINUTES, after the right. */
    recentLogin?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | undefined;
  }
  interface FastifyInstance {
    /** Every guarded route with the access it declared; the route-table test reads it. */
    guardedRoutes: { method: string; url: string; access: Access; recentLogin: boolean }[];
  }
}

export const GUARD_TEXTS = {
  alleenSystemen: 'Alleen systemen van deelnemers mogen berichten aanbieden.',
  geenSysteem: 'Het token van een systeem geeft alleen toegang tot de deelnemers-API (/api/v1).',
  nietNamens: (deelnemer: string) =>
    `U handelt niet namens ${deelnemer}: alleen een implementatiepartner namens een gekoppelde deelnemer van zijn soort.`,
  sessieBeeindigd: 'Uw sessie is beëindigd (nieuw wachtwoord, andere rollen of geblokkeerd). Log opnieuw in.',
} as const;

/** Paths under these prefixes must declare their access: forgetting it fails at start-up. */
const GUARDED_PREFIXES = ['/rest/', '/api/', `${TEST_API_PREFIX}/rest/`];

/**
 * Every route declares `config.access`; this hook answers 401 without a valid bearer token and
 * 403 without the flag, before parsing, validation or any handler runs.
 */
/**
 * The header a portal user acting for another participant names it in (decision 0041: an
 * implementation partner for a participant it is linked to).
 */
export const ACTING_FOR_HEADER = 'x-namens-deelnemer';

export const authGuard = fp<{
  verify: TokenVerifier;
  portalClientId: string;
  /** Whether the user may act for that participant; without it the header is refused. */
  mayActFor?: (user: AuthUser, deelnemer: string) => Promise<boolean>;
  /** Whether a user's token was issued before its sessions ended (the embedded provider's users). */
  sessionEnded?: (user: AuthUser) => Promise<boolean>;
}>(async (app, { verify, portalClientId, mayActFor, sessionEnded }) => {
  app.decorateRequest('user', undefined);
  app.decorate('guardedRoutes', []);

  app.addHook('onRoute', (route) => {
    if (!GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    if (route.config?.recentLogin && (access === 'participant' || access === 'public')) {
      throw new Error(`Route ${String(route.method)} ${route.url}: only a user's login can be recent`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        app.guardedRoutes.push({ method, url: route.url, access, recentLogin: route.config?.recentLogin === true });
      }
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
    if (sessionEnded && (await sessionEnded(request.user))) throw new UnauthorizedError(GUARD_TEXTS.sessieBeeindigd);
    if (access === 'authenticated') {
      // One's own account: changing how one logs in needs a recent login too (decision 0055).
      if (request.routeOptions.config.recentLogin) assertRecentLogin(request.user);
      return;
    }
    // Acting for a participant narrows the rights first: the route's right is checked on what
    // the user may do for that participant, not on everything it may do for its own organisation.
    await actFor(request, mayActFor);
    const { permissions } = request.user;
    const granted = typeof access === 'object' ? access.anyOf : [access];
    if (!granted.some((permission) => permissions[permission])) throw new ForbiddenError();
    // A dangerous action: the right first (403 says no login helps), then how recent the login is.
    if (request.routeOptions.config.recentLogin) assertRecentLogin(request.user);
  });
});

/**
 * A user acting for another participant (the header `x-namens-deelnemer`): checked, then the
 * request sees that participant as the user's deelnemer — every service's ownership rules then
 * hold for it — with only the rights of the user's acting roles (Configuraties Beheren, Uitval
 * Beheren, Testtool Verzenden), and the audit log records whom it acted for.
 */
async function actFor(
  request: FastifyRequest,
  mayActFor: ((user: AuthUser, deelnemer: string) => Promise<boolean>) | undefined,
): Promise<void> {
  const header = request.headers[ACTING_FOR_HEADER];
  if (header === undefined) return;
  const user = request.user!;
  const target = Array.isArray(header) ? header[0] : header;
  if (!target || target === user.deelnemer) return;
  if (target.length > 200 || !mayActFor || !(await mayActFor(user, target))) {
    throw new ForbiddenError(GUARD_TEXTS.nietNamens(target));
  }
  const roles = actingRoles(user.roles);
  request.user = {
    ...user,
    deelnemer: target,
    roles,
    permissions: permissionsFor(roles),
    actingFor: target,
    actingAs: user.deelnemer,
  };
}

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
