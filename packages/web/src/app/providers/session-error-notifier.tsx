import { ERROR_TITLES } from '@knooppunt/domain';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNotify } from '@/components/notifications/notify-context';

/** Tells the user when the session could not be renewed in the background; their next call would fail. */
export function SessionErrorNotifier() {
  const { events } = useAuth();
  const { notifyError } = useNotify();
  useEffect(() => {
    const onError = (error: Error) => notifyError(ERROR_TITLES.accessToken, error);
    events.addSilentRenewError(onError);
    return () => events.removeSilentRenewError(onError);
  }, [events, notifyError]);
  return null;
}
