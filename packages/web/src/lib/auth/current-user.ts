import { NO_PERMISSIONS, permissionsFor, type Permissions } from '@knooppunt/domain';
import type { IdTokenClaims } from 'oidc-client-ts';
import { useContext, useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
import { ActingForContext } from '../namens/acting-for';
import { usePortalConfig, type PortalConfig } from '../portal-config';

export interface CurrentUser {
  /** The token's subject: the userid with the embedded provider. */
  sub: string;
  deelnemer: string;
  email: string;
  roles: string[];
}

export function userFromClaims(profile: IdTokenClaims, claims: PortalConfig['claims']): CurrentUser {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const roles = profile[claims.roles];
  return {
    sub: profile.sub,
    deelnemer: text(profile[claims.deelnemer]),
    email: text(profile[claims.email]),
    // Some providers send a single role as a plain string rather than a one-element list.
    roles: Array.isArray(roles)
      ? roles.filter((role) => typeof role === 'string')
      : typeof roles === 'string'
        ? [roles]
        : [],
  };
}

/**
 * The signed-in user, or undefined while there is no valid session. Below an `ActingForProvider`
 * the user as the server sees it while acting for that participant (decision 0041, the guard's
 * `x-namens-deelnemer`): that participant's, with only its acting roles — a screen's rules (who
 * may edit which configuration) then hold as the server applies them.
 */
export function useCurrentUser(): CurrentUser | undefined {
  const { isAuthenticated, user } = useAuth();
  const { claims } = usePortalConfig();
  const acting = useContext(ActingForContext);
  const profile = isAuthenticated ? user?.profile : undefined;
  return useMemo(() => {
    if (!profile) return undefined;
    const own = userFromClaims(profile, claims);
    return acting ? { ...own, deelnemer: acting.deelnemer, roles: [...acting.roles] } : own;
  }, [profile, claims, acting]);
}

/** What the signed-in user may do; nothing without a session. */
export function usePermissions(): Permissions {
  const user = useCurrentUser();
  return useMemo(() => (user ? permissionsFor(user.roles) : NO_PERMISSIONS), [user]);
}
