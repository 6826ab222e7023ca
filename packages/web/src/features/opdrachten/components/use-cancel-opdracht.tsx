import { ERROR_TITLES, SUCCESS_MESSAGES, type OpdrachtView } from '@knooppunt/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useCancelOpdracht as useCancelOpdrachtCall } from '../api/cancel-opdracht';

/** The manual cancel of an order (spec 000 §2, §4): asked first, then its alert; the list is fetched again. */
export function useCancelOpdracht() {
  const { notifyError, notifySuccess } = useNotify();
  const cancel = useCancelOpdrachtCall();
  const [asking, setAsking] = useState<OpdrachtView>();

  const confirm = () => {
    if (!asking) return;
    cancel.mutate(asking.opdrachtId, {
      onSuccess: () => notifySuccess(SUCCESS_MESSAGES.opdrachtCancelled),
      onError: (error) => notifyError(ERROR_TITLES.cancelOpdracht, error),
      onSettled: () => setAsking(undefined),
    });
  };

  const confirmDialog = asking && (
    <ConfirmDialog
      open
      title={LABELS.opdrachten.cancel}
      text={LABELS.opdrachten.cancelText(asking.opdrachtId)}
      busy={cancel.isPending}
      onConfirm={confirm}
      onCancel={() => setAsking(undefined)}
    />
  );

  return { ask: setAsking, confirmDialog };
}
