import { UserManager, type SigninRedirectArgs } from 'oidc-client-ts';
import type { PortalConfig } from '../portal-config';

export function createUserManager(config: PortalConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope,
    automaticSilentRenew: true,
  });
}

interface LoginState {
  returnTo: string;
}

/** The sign-in arguments that bring the user back to `returnTo` (a path with its query) after the provider. */
export function signinArgs(returnTo: string): SigninRedirectArgs {
  return { state: { returnTo } satisfies LoginState };
}

/**
 * Where to go after the provider sent the user back. Only a path of our own is followed, so a
 * crafted state cannot send the user to another site; the callback route itself would loop.
 */
export function returnToOf(state: unknown): string {
  const returnTo = (state as Partial<LoginState> | undefined)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return '/';
  return returnTo.startsWith('/callback') ? '/' : returnTo;
}
