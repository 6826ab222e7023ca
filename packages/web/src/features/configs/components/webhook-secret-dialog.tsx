import type { IssuedWebhookSecret } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { CopyableValue } from '@/components/copyable-value/copyable-value';
import { ShownOnceDialog } from '@/components/shown-once-dialog/shown-once-dialog';
import { LABELS } from '@/lib/texts';

export interface IssuedWebhookSecretShown {
  kind: 'created' | 'rotated';
  issued: IssuedWebhookSecret;
}

interface WebhookSecretDialogProps {
  /** Nothing: the dialog is gone, and the secret with it. */
  value: IssuedWebhookSecretShown | undefined;
  onClose: () => void;
}

/**
 * The one time a signing secret is shown (decision 0061), with a copy button, as a system client's
 * secret is. A click beside the dialog does not close it; only 'Sluiten' (or Escape) does.
 */
export function WebhookSecretDialog({ value, onClose }: WebhookSecretDialogProps) {
  if (!value) return null;
  const T = LABELS.webhookSecret;
  return (
    <ShownOnceDialog title={value.kind === 'created' ? T.createdTitle : T.rotatedTitle} onClose={onClose}>
      <Alert severity="warning">
        <AlertTitle>{T.saveNow}</AlertTitle>
        {T.saveHint}
      </Alert>
      <CopyableValue
        label={`${T.secret} ${value.issued.deelnemer} ${value.issued.versienummer}`}
        text={value.issued.secret}
      />
    </ShownOnceDialog>
  );
}
