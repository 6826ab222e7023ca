import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: ReactNode;
  /** Without it the dialog only tells: one button (`cancelLabel`) closes it. */
  onConfirm?: (() => void) | undefined;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons are disabled and the dialog stays open. */
  busy?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** Asks before an action that cannot be undone ('Wilt u dit scenario verwijderen?'). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, text, onConfirm, onCancel, busy = false } = props;
  const { confirmLabel = LABELS.common.yes, cancelLabel = LABELS.common.no } = props;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        {onConfirm && (
          <Button onClick={onConfirm} disabled={busy} variant="contained" loading={busy}>
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
