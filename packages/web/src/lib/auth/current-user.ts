import { NO_PERMISSIONS, permissionsFor, type Permissions } from '@knooppunt/domain';
import type { IdTokenClaims } from 'oidc-client-ts';
import { useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
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

/** The signed-in user, or undefined while there is no valid session. */
export function useCurrentUser(): CurrentUser | undefined {
  const { isAuthenticated, user } = useAuth();
  const { claims } = usePortalConfig();
  const profile = isAuthenticated ? user?.profile : undefined;
  return useMemo(() => (profile ? userFromClaims(profile, claims) : undefined), [profile, claims]);
}

/** What the signed-in user may do; nothing without a session. */
export function usePermissions(): Permissions {
  const user = useCurrentUser();
  return useMemo(() => (user ? permissionsFor(user.roles) : NO_PERMISSIONS), [user]);
}
