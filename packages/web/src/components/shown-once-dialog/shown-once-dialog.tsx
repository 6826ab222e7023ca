import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

interface ShownOnceDialogProps {
  title: string;
  onClose: () => void;
  /** What is shown this once: a warning to save it, and the values with their copy buttons. */
  children: ReactNode;
}

/**
 * The one time a secret is shown (a system client's, a receiver's signing secret): a click beside
 * the dialog does not close it; only 'Sluiten' (or Escape) does, and the secret is then forgotten.
 */
export function ShownOnceDialog({ title, onClose, children }: ShownOnceDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>{children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {LABELS.common.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
