import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { LABELS } from '@/lib/texts';

interface DialogFormActionsProps {
  onCancel: () => void;
  /** Label of the submit button. */
  submitLabel: string;
  /** Whether the form may be sent: the submit button is disabled until it is. */
  canSubmit: boolean;
  /** While saving both buttons are disabled and the submit button shows progress. */
  busy: boolean;
}

/** The footer of every form dialog: 'Annuleren' and a submit button (the dialog's form submits). */
export function DialogFormActions({ onCancel, submitLabel, canSubmit, busy }: DialogFormActionsProps) {
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel} disabled={busy}>
        {LABELS.common.cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={!canSubmit || busy} loading={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
