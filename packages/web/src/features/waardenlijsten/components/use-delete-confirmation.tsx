import { ERROR_TITLES, SUCCESS_MESSAGES, type WaardenlijstRow } from '@knooppunt/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useDeleteWaardenlijst } from '../api/delete-waardenlijst';

/** Deleting a list after 'Wilt u deze waardenlijst verwijderen?', naming the list asked about. */
export function useDeleteConfirmation() {
  const { notifyError, notifySuccess } = useNotify();
  const deletion = useDeleteWaardenlijst();
  const [row, setRow] = useState<WaardenlijstRow>();

  const confirm = () => {
    if (!row) return;
    deletion.mutate(row._id, {
      onSuccess: () => notifySuccess(SUCCESS_MESSAGES.waardenlijstDeleted),
      onError: (error) => notifyError(ERROR_TITLES.deleteWaardenlijst, error),
      onSettled: () => setRow(undefined),
    });
  };

  const dialog = row && (
    <ConfirmDialog
      open
      title={LABELS.waardenlijsten.deleteTitle}
      text={row.omschrijving}
      busy={deletion.isPending}
      onConfirm={confirm}
      onCancel={() => setRow(undefined)}
    />
  );

  return { ask: setRow, dialog };
}
