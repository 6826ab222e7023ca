import { useAuth } from 'react-oidc-context';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { sessionEnded, useSessionEnded } from '@/lib/auth/session-ended';
import { signinArgs } from '@/lib/auth/user-manager';
import { LABELS } from '@/lib/texts';

/**
 * Tells the user their session has ended (decision 0021) and offers the login, which brings them
 * back to the page they are on (path and query). It asks rather than redirects at once, so a
 * half-filled form is not lost behind their back: 'Later' leaves the page as it is.
 */
export function SessionEndedDialog() {
  const open = useSessionEnded();
  const { signinRedirect } = useAuth();
  return (
    <ConfirmDialog
      open={open}
      title={LABELS.session.title}
      text={
        <>
          {LABELS.session.ended} {LABELS.session.returnHere}
          <br />
          {LABELS.session.unsavedLost}
        </>
      }
      confirmLabel={LABELS.shell.loginAgain}
      cancelLabel={LABELS.session.later}
      onConfirm={() => void signinRedirect(signinArgs(window.location.pathname + window.location.search))}
      onCancel={sessionEnded.dismiss}
    />
  );
}
