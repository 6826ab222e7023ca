import type { IssuedWebhookSecret } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { CopyableValue } from '@/components/copyable-value/copyable-value';
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
  const titleId = useId();
  if (!value) return null;
  const T = LABELS.webhookSecret;
  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{value.kind === 'created' ? T.createdTitle : T.rotatedTitle}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Alert severity="warning">
            <AlertTitle>{T.saveNow}</AlertTitle>
            {T.saveHint}
          </Alert>
          <CopyableValue
            label={`${T.secret} ${value.issued.deelnemer} ${value.issued.versienummer}`}
            text={value.issued.secret}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {LABELS.common.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
