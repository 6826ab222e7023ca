import {
  CONFIG_TEXTS,
  ERROR_TITLES,
  MAX_CONCURRENT_MESSAGES,
  maxMessagesSchema,
  SUCCESS_MESSAGES,
  type ConfigListItem,
  type Omgeving,
} from '@knooppunt/domain';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { LABELS } from '@/lib/texts';
import { useUpdateSender } from '../api/update-sender';
import { titleIn } from './use-omgeving';

interface MaxMessagesDialogProps {
  omgeving: Omgeving;
  /** The row whose sender is set; none closes the dialog. */
  row: ConfigListItem | undefined;
  onClose: () => void;
}

/** 'Instellen aantal gelijktijdige berichten': a whole number from 0 to 5. */
export function MaxMessagesDialog({ omgeving, row, onClose }: MaxMessagesDialogProps) {
  const titleId = useId();
  const mutation = useUpdateSender(omgeving);
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={Boolean(row)} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{titleIn(omgeving, LABELS.maxMessages.title)}</DialogTitle>
      {/* Mounted per opening, so the field starts from the sender's current value. */}
      {row && <MaxMessagesForm row={row} mutation={mutation} onCancel={close} onDone={onClose} />}
    </Dialog>
  );
}

interface FormProps {
  row: ConfigListItem;
  mutation: ReturnType<typeof useUpdateSender>;
  onCancel: () => void;
  onDone: () => void;
}

function MaxMessagesForm({ row, mutation, onCancel, onDone }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const [text, setText] = useState(String(row.sender?.maxMessages ?? MAX_CONCURRENT_MESSAGES.default));
  const parsed = maxMessagesSchema.safeParse(text.trim() === '' ? undefined : Number(text));

  const submit = () => {
    if (!parsed.success) return;
    mutation.mutate(
      { deelnemer: row.deelnemer, versienummer: row.versienummer, maxMessages: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(SUCCESS_MESSAGES.maxMessagesUpdated);
          onDone();
        },
        onError: (error) => notifyError(ERROR_TITLES.updateMaxMessages, error),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {LABELS.configs.panelTitle(row.deelnemer, row.versienummer, false)}
        </Typography>
        <TextField
          label={LABELS.maxMessages.field}
          type="number"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus
          fullWidth
          error={!parsed.success}
          helperText={CONFIG_TEXTS.maxMessages}
          slotProps={{ htmlInput: { min: MAX_CONCURRENT_MESSAGES.min, max: MAX_CONCURRENT_MESSAGES.max, step: 1 } }}
        />
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={LABELS.maxMessages.update}
        canSubmit={parsed.success}
        busy={mutation.isPending}
      />
    </form>
  );
}
