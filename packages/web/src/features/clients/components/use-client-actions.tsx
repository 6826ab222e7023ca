import {
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  type ConnectionInfo,
  type IssuedSystemClient,
  type SystemClient,
} from '@knooppunt/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useRevokeClient } from '../api/revoke-client';
import { useRotateSecret } from '../api/rotate-secret';
import { tokenMinutes } from './connection-panel';

type Confirmation = { kind: 'rotate' | 'revoke'; client: SystemClient };

/**
 * 'Nieuw geheim' and 'Intrekken', each asked first with what it means for the participant's
 * system: the previous secret's grace period, and how long tokens already issued stay valid.
 * A new secret goes to `onIssued` and nowhere else.
 */
export function useClientActions(
  verbinding: ConnectionInfo | undefined,
  onIssued: (issued: IssuedSystemClient) => void,
) {
  const { notifyError, notifySuccess } = useNotify();
  const rotation = useRotateSecret();
  const revocation = useRevokeClient();
  const [confirmation, setConfirmation] = useState<Confirmation>();

  const confirm = () => {
    if (!confirmation) return;
    const { kind, client } = confirmation;
    const done = { onSettled: () => setConfirmation(undefined) };
    if (kind === 'rotate') {
      rotation.mutate(client.clientId, {
        ...done,
        onSuccess: (issued) => {
          onIssued(issued);
          // The secret lives on in the screen's state only, until its dialog is closed.
          rotation.reset();
        },
        onError: (error) => notifyError(ERROR_TITLES.rotateSystemClientSecret, error),
      });
    } else {
      revocation.mutate(client.clientId, {
        ...done,
        onSuccess: () => notifySuccess(SUCCESS_MESSAGES.systemClientRevoked),
        onError: (error) => notifyError(ERROR_TITLES.revokeSystemClient, error),
      });
    }
  };

  const confirmDialog = confirmation && verbinding && (
    <ConfirmDialog
      open
      title={confirmation.kind === 'rotate' ? LABELS.clients.rotate : LABELS.clients.revokeTitle}
      text={
        confirmation.kind === 'rotate'
          ? LABELS.clients.rotateText(confirmation.client.clientId, verbinding.respijtUren)
          : LABELS.clients.revokeText(confirmation.client.clientId, tokenMinutes(verbinding))
      }
      confirmLabel={confirmation.kind === 'rotate' ? LABELS.clients.rotateConfirm : LABELS.clients.revoke}
      cancelLabel={LABELS.common.cancel}
      busy={rotation.isPending || revocation.isPending}
      onConfirm={confirm}
      onCancel={() => setConfirmation(undefined)}
    />
  );

  return {
    rotate: (client: SystemClient) => setConfirmation({ kind: 'rotate', client }),
    revoke: (client: SystemClient) => setConfirmation({ kind: 'revoke', client }),
    confirmDialog,
  };
}
