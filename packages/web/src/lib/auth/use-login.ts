import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import { useLocation } from 'react-router';
import { signinArgs } from './user-manager';

/** Starts a login that brings the user back to the page they are on now. */
export function useLogin(): () => Promise<void> {
  const { signinRedirect } = useAuth();
  const { pathname, search } = useLocation();
  return useCallback(() => signinRedirect(signinArgs(pathname + search)), [signinRedirect, pathname, search]);
}
