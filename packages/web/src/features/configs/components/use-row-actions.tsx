import { ERROR_TITLES, SUCCESS_MESSAGES, type ConfigListItem, type Omgeving } from '@knooppunt/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useActivateDraft } from '../api/activate-draft';
import { useSwitchToNewestConfig } from '../api/switch-to-newest-config';
import { useUpdateSender } from '../api/update-sender';
import { titleIn } from './use-omgeving';

type Confirmation = { kind: 'activate' | 'newest'; row: ConfigListItem };

const sameKey = (row: ConfigListItem, key: { deelnemer: string; versienummer: string } | undefined) =>
  key !== undefined && key.deelnemer === row.deelnemer && key.versienummer === row.versienummer;

/**
 * The row actions that change something: activating a draft and switching the sender to the newest
 * version (both asked first, they change what goes out), and pausing or resuming the sender. Each
 * says what it did.
 */
export function useRowActions(omgeving: Omgeving) {
  const { notifyError, notifySuccess } = useNotify();
  const activation = useActivateDraft(omgeving);
  const switching = useSwitchToNewestConfig(omgeving);
  const senderChange = useUpdateSender(omgeving);
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const key = (row: ConfigListItem) => ({ deelnemer: row.deelnemer, versienummer: row.versienummer });

  const confirm = () => {
    if (!confirmation) return;
    const { kind, row } = confirmation;
    const done = { onSettled: () => setConfirmation(undefined) };
    if (kind === 'activate') {
      activation.mutate(key(row), {
        ...done,
        // The sender keeps its version (or there is none yet): say which action sends with this one (issue 29).
        onSuccess: () => notifySuccess(SUCCESS_MESSAGES.draftActivated, LABELS.configs.activatedNext),
        onError: (error) => notifyError(ERROR_TITLES.activateDraft, error),
      });
    } else {
      switching.mutate(
        { ...key(row), version: row.version },
        {
          ...done,
          onSuccess: () =>
            notifySuccess(
              LABELS.configs.newestInUse,
              LABELS.configs.newestInUseText(row.deelnemer, row.versienummer, row.version),
            ),
          onError: (error) => notifyError(row.sender ? ERROR_TITLES.updateSender : ERROR_TITLES.createSender, error),
        },
      );
    }
  };

  const confirmDialog = confirmation && (
    <ConfirmDialog
      open
      title={titleIn(
        omgeving,
        confirmation.kind === 'activate' ? LABELS.configs.activateDraft : LABELS.configs.useNewest,
      )}
      text={
        confirmation.kind === 'activate'
          ? LABELS.configs.activateDraftText(confirmation.row.deelnemer, confirmation.row.versienummer)
          : LABELS.configs.useNewestText(
              confirmation.row.deelnemer,
              confirmation.row.versienummer,
              confirmation.row.version,
            )
      }
      busy={activation.isPending || switching.isPending}
      onConfirm={confirm}
      onCancel={() => setConfirmation(undefined)}
    />
  );

  return {
    activateDraft: (row: ConfigListItem) => setConfirmation({ kind: 'activate', row }),
    useNewest: (row: ConfigListItem) => setConfirmation({ kind: 'newest', row }),
    setRunning: (row: ConfigListItem, running: boolean) =>
      senderChange.mutate(
        { ...key(row), running },
        {
          onSuccess: () =>
            notifySuccess(
              running ? LABELS.configs.senderResumed : LABELS.configs.senderPaused,
              LABELS.configs.senderOf(row.deelnemer, row.versienummer),
            ),
          onError: (error) => notifyError(ERROR_TITLES.updateSender, error),
        },
      ),
    /** A change of this row's sender is under way. */
    busy: (row: ConfigListItem) =>
      (senderChange.isPending && sameKey(row, senderChange.variables)) ||
      (switching.isPending && sameKey(row, switching.variables)),
    confirmDialog,
  };
}
