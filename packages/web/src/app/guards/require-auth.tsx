import { ERROR_TITLES } from '@knooppunt/domain';
import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { Navigate, Outlet } from 'react-router';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { ErrorState } from '@/components/status/error-state';
import { usePermissions } from '@/lib/auth/current-user';
import { loginErrorText } from '@/lib/auth/login-error';
import { useLogin } from '@/lib/auth/use-login';
import { LABELS } from '@/lib/texts';
import type { RouteAccess } from '../routes';

/**
 * Lets a signed-in user with the route's right through. Anyone else is sent to the provider and
 * brought back here afterwards; a signed-in user without the right sees the unauthorized page.
 */
export function RequireAuth({ access }: { access: Exclude<RouteAccess, 'public'> }) {
  const auth = useAuth();
  const permissions = usePermissions();
  const login = useLogin();

  if (auth.isAuthenticated) {
    return access === 'authenticated' || permissions[access] ? <Outlet /> : <Navigate to="/unauthorized" replace />;
  }
  if (auth.isLoading || auth.activeNavigator) return <CenteredSpinner />;
  // Redirecting again after the provider could not be reached would loop; say so instead.
  if (auth.error?.source === 'signinRedirect') {
    return (
      <ErrorState
        title={ERROR_TITLES.login}
        message={loginErrorText(auth.error)}
        action={{ label: LABELS.shell.loginAgain, onClick: () => void login() }}
      />
    );
  }
  return <LoginRedirect login={login} />;
}

function LoginRedirect({ login }: { login: () => Promise<void> }) {
  const started = useRef(false);
  useEffect(() => {
    // Strict mode mounts twice; one redirect is enough.
    if (started.current) return;
    started.current = true;
    void login();
  }, [login]);
  return <CenteredSpinner />;
}
