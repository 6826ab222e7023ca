import { ERROR_TITLES, SUCCESS_MESSAGES, type ScenarioRow } from '@knooppunt/domain';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useDeleteScenario } from '../api/delete-scenario';

/** 'Wilt u dit scenario verwijderen?' with Nee and Ja; closed when there is no row. */
export function DeleteScenarioDialog({ row, onClose }: { row: ScenarioRow | undefined; onClose: () => void }) {
  const { notifyError, notifySuccess } = useNotify();
  const deletion = useDeleteScenario();
  if (!row) return null;
  return (
    <ConfirmDialog
      open
      title={LABELS.scenarios.deleteTitle}
      text={LABELS.scenarios.deleteText(row.omschrijving)}
      busy={deletion.isPending}
      onCancel={onClose}
      onConfirm={() =>
        deletion.mutate(row._id, {
          onSuccess: () => notifySuccess(SUCCESS_MESSAGES.scenarioDeleted),
          onError: (error) => notifyError(ERROR_TITLES.deleteScenario, error),
          onSettled: onClose,
        })
      }
    />
  );
}
