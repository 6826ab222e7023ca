import { ERROR_TITLES } from '@knooppunt/domain';
import { useAuth } from 'react-oidc-context';
import { Navigate } from 'react-router';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { useDocumentTitle } from '@/components/page/document-title';
import { ErrorState } from '@/components/status/error-state';
import { loginErrorText } from '@/lib/auth/login-error';
import { returnToOf, signinArgs } from '@/lib/auth/user-manager';
import { LABELS } from '@/lib/texts';

/**
 * Where the provider sends the user back. The auth provider redeems the code; once the session is
 * in, this page moves on to the deep link the login started from (kept in the login's state),
 * replacing the history entry so the code leaves the address bar. Navigating from here, and only
 * here, avoids a race between a navigation started in the auth callback and this page's own.
 * A return that fails (a stale or bookmarked link) is explained in Dutch, with a fresh login.
 */
export function CallbackPage() {
  const auth = useAuth();
  useDocumentTitle(LABELS.shell.login);

  if (auth.error) {
    return (
      <ErrorState
        title={ERROR_TITLES.login}
        message={loginErrorText(auth.error)}
        action={{ label: LABELS.shell.loginAgain, onClick: () => void auth.signinRedirect(signinArgs('/')) }}
      />
    );
  }
  if (auth.isAuthenticated) return <Navigate to={returnToOf(auth.user?.state)} replace />;
  // Opened without a login in progress (a bookmark, the back button): nothing to wait for.
  if (!auth.isLoading && !auth.activeNavigator) return <Navigate to="/" replace />;
  return <CenteredSpinner />;
}
