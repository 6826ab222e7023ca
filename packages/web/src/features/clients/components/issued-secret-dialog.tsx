import type { IssuedSystemClient } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { LABELS } from '@/lib/texts';
import { CopyableValue } from '@/components/copyable-value/copyable-value';

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
  const titleId = useId();
  if (!value) return null;
  const { client, geheim, tokenEndpoint } = value.issued;
  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {value.kind === 'created' ? LABELS.clients.createdTitle : LABELS.clients.rotatedTitle}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
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
