import { ERROR_TITLES, SUCCESS_MESSAGES, breadcrumbOf, type ValueNode, type Waarde } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { usePatchWaarde } from '../api/patch-waarde';

interface WaardenDialogProps {
  listId: string;
  /** The node whose values are shown; the dialog is closed without one. */
  node: ValueNode | undefined;
  /** 'Wijzigen waarden' with checkboxes that save, or 'Toegestane waarden' to look only. */
  editable: boolean;
  onClose: () => void;
}

/** The values of one node, a checkbox each: checked is allowed (spec 001 §2.5). */
export function WaardenDialog({ listId, node, editable, onClose }: WaardenDialogProps) {
  const titleId = useId();
  const { notifyError, notifySuccess } = useNotify();
  const patch = usePatchWaarde(listId);
  // The last node shown stays in the dialog while it fades out.
  const [shown, setShown] = useState(node);
  if (node && node !== shown) setShown(node);

  const toggle = (target: ValueNode, waarde: Waarde) =>
    patch.mutate(
      { id: target.id, waarde: waarde.waarde, toegestaan: !waarde.toegestaan },
      {
        onSuccess: () => notifySuccess(SUCCESS_MESSAGES.saved),
        onError: (error) => notifyError(ERROR_TITLES.saveWaarde, error),
      },
    );

  return (
    <Dialog open={node !== undefined} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {editable ? LABELS.waardenlijsten.editTitle : LABELS.waardenlijsten.showTitle}
      </DialogTitle>
      {shown && (
        <DialogContent dividers>
          <Typography sx={{ fontWeight: 600 }}>{shown.label}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {breadcrumbOf(shown.id)}
          </Typography>
          {shown.waarden.length > 0 ? (
            <FormGroup>
              {shown.waarden.map((waarde) => (
                <FormControlLabel
                  key={waarde.waarde}
                  label={waarde.waarde}
                  // One save at a time: each answers the whole list as it is after it.
                  disabled={!editable || patch.isPending}
                  control={<Checkbox checked={waarde.toegestaan} onChange={() => toggle(shown, waarde)} />}
                />
              ))}
            </FormGroup>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{LABELS.waardenlijsten.noWaarden}</Typography>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{LABELS.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
