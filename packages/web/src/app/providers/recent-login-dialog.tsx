import { recentLoginWindow } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { recentLogin, useRecentLoginRequest } from '@/lib/auth/recent-login';
import { signinArgs } from '@/lib/auth/user-manager';
import { usePortalConfig } from '@/lib/portal-config';
import { LABELS } from '@/lib/texts';

/**
 * Asks for a new login when a dangerous action needs a recent one (decision 0055). With the
 * embedded provider (same origin) the login runs in a popup, so the page and its open dialog stay
 * as they are and the refused call is made again with the new login's token. An external
 * provider's pages cannot talk back to a popup's opener under the portal's opener policy: the
 * login then takes the whole page and brings the user back to it, to do the action again.
 */
export function RecentLoginDialog() {
  const request = useRecentLoginRequest();
  const { authority } = usePortalConfig();
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  /** Someone else logged in in the popup: the portal is theirs now, and starts over for them. */
  const [switched, setSwitched] = useState(false);

  const close = () => {
    setProblem(undefined);
    recentLogin.cancel();
    if (switched) window.location.assign('/');
  };

  const login = async () => {
    const here = window.location.pathname + window.location.search;
    if (new URL(authority, window.location.href).origin !== window.location.origin) {
      await auth.signinRedirect({ ...signinArgs(here), prompt: 'login' });
      return;
    }
    const before = auth.user?.profile.sub;
    setBusy(true);
    setProblem(undefined);
    try {
      const user = await auth.signinPopup({ prompt: 'login' });
      if (before !== undefined && user.profile.sub !== before) {
        // Someone else's login must not carry out this user's action.
        setSwitched(true);
        setProblem(LABELS.recentLogin.otherUser);
        return;
      }
      recentLogin.done(user.access_token);
    } catch {
      setProblem(LABELS.recentLogin.popupClosed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={request !== undefined}
      title={LABELS.recentLogin.title}
      text={
        <>
          {request && LABELS.recentLogin.needed(recentLoginWindow(request.maxAgeSeconds))}{' '}
          {LABELS.recentLogin.howItGoes}
          {problem && (
            <Alert severity="warning" component="span" sx={{ mt: 2, display: 'flex' }}>
              {problem}
            </Alert>
          )}
        </>
      }
      busy={busy}
      confirmLabel={LABELS.recentLogin.loginAgain}
      cancelLabel={switched ? LABELS.common.close : LABELS.common.cancel}
      onConfirm={switched ? undefined : () => void login()}
      onCancel={close}
    />
  );
}
