import { TERMIJN_TEXTS, type Termijn } from '@knooppunt/domain';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useDeleteTermijn } from '../api/delete-termijn';

interface DeleteTermijnDialogProps {
  netbeheerder: string;
  /** The deadline asked about; none: closed. */
  termijn: Termijn | undefined;
  onClose: () => void;
}

/** 'Wilt u deze termijn verwijderen?', naming the deadline. */
export function DeleteTermijnDialog({ netbeheerder, termijn, onClose }: DeleteTermijnDialogProps) {
  const { notifyError, notifySuccess } = useNotify();
  const deletion = useDeleteTermijn(netbeheerder);
  const confirm = () => {
    if (!termijn) return;
    deletion.mutate(termijn.id, {
      onSuccess: () => notifySuccess(TERMIJN_TEXTS.deleted),
      onError: (error) => notifyError(LABELS.termijnen.deleteFailed, error),
      onSettled: onClose,
    });
  };
  return (
    termijn && (
      <ConfirmDialog
        open
        title={LABELS.termijnen.deleteTitle}
        text={termijn.omschrijving}
        busy={deletion.isPending}
        onConfirm={confirm}
        onCancel={onClose}
      />
    )
  );
}
