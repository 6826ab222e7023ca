import type { IssuedSystemClient } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { CopyableValue } from '@/components/copyable-value/copyable-value';
import { ShownOnceDialog } from '@/components/shown-once-dialog/shown-once-dialog';
import { LABELS } from '@/lib/texts';

export interface Issued {
  kind: 'created' | 'rotated';
  issued: IssuedSystemClient;
}

interface IssuedSecretDialogProps {
  /** Nothing: the dialog is gone, and the secret with it. */
  value: Issued | undefined;
  onClose: () => void;
}

/**
 * The one time a secret is shown: with the client id and the token endpoint, each with a copy
 * button. A click beside the dialog does not close it; only 'Sluiten' (or Escape) does, and the
 * secret is then forgotten.
 */
export function IssuedSecretDialog({ value, onClose }: IssuedSecretDialogProps) {
  if (!value) return null;
  const { client, geheim, tokenEndpoint } = value.issued;
  return (
    <ShownOnceDialog
      title={value.kind === 'created' ? LABELS.clients.createdTitle : LABELS.clients.rotatedTitle}
      onClose={onClose}
    >
      {geheim ? (
        <Alert severity="warning">
          <AlertTitle>{LABELS.clients.saveSecretNow}</AlertTitle>
          {LABELS.clients.saveSecretHint}
        </Alert>
      ) : (
        <Alert severity="info">{LABELS.clients.noSecret}</Alert>
      )}
      <CopyableValue label={LABELS.clients.clientId} text={client.clientId} />
      {geheim && <CopyableValue label={LABELS.clients.secret} text={geheim} />}
      <CopyableValue label={LABELS.clients.tokenEndpoint} text={tokenEndpoint} />
    </ShownOnceDialog>
  );
}
