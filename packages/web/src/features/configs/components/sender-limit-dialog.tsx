import {
  CONFIG_TEXTS,
  ERROR_TITLES,
  MAX_CONCURRENT_MESSAGES,
  MAX_MESSAGES_PER_SECOND,
  maxMessagesSchema,
  maxPerSecondSchema,
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
import { useUpdateSender, type SenderLimitChange } from '../api/update-sender';
import { titleIn } from './use-omgeving';

/** The sender's two limits a row action sets: in flight at once, and per second (issue 30 item 5). */
export type SenderLimit = 'maxMessages' | 'maxPerSecond';

interface LimitSpec {
  /** Both limits' schemas are whole numbers in a range: alike in type. */
  schema: typeof maxMessagesSchema;
  range: { min: number; max: number; default: number };
  labels: { title: string; field: string; update: string };
  /** The allowed values, under the field and as its error. */
  helper: string;
  success: string;
  failure: string;
  change: (value: number) => SenderLimitChange;
}

const LIMITS: Record<SenderLimit, LimitSpec> = {
  maxMessages: {
    schema: maxMessagesSchema,
    range: MAX_CONCURRENT_MESSAGES,
    labels: LABELS.maxMessages,
    helper: CONFIG_TEXTS.maxMessages,
    success: SUCCESS_MESSAGES.maxMessagesUpdated,
    failure: ERROR_TITLES.updateMaxMessages,
    change: (maxMessages) => ({ maxMessages }),
  },
  maxPerSecond: {
    schema: maxPerSecondSchema,
    range: MAX_MESSAGES_PER_SECOND,
    labels: LABELS.maxPerSecond,
    helper: CONFIG_TEXTS.maxPerSecond,
    success: SUCCESS_MESSAGES.maxPerSecondUpdated,
    failure: ERROR_TITLES.updateMaxPerSecond,
    change: (maxPerSecond) => ({ maxPerSecond }),
  },
};

/** A row and which of its sender's limits is set. */
export interface SenderLimitTarget {
  row: ConfigListItem;
  limit: SenderLimit;
}

interface SenderLimitDialogProps {
  omgeving: Omgeving;
  /** What is set; none closes the dialog. */
  target: SenderLimitTarget | undefined;
  onClose: () => void;
}

/**
 * 'Instellen aantal gelijktijdige berichten' (a whole number from 0 to 5) and 'Instellen aantal
 * berichten per seconde' (0, no limit, to 1000): one field, checked as the server checks it.
 */
export function SenderLimitDialog({ omgeving, target, onClose }: SenderLimitDialogProps) {
  const titleId = useId();
  const mutation = useUpdateSender(omgeving);
  // The title stays while the dialog fades out.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={Boolean(target)} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{shown && titleIn(omgeving, LIMITS[shown.limit].labels.title)}</DialogTitle>
      {/* Mounted per opening, so the field starts from the sender's current value. */}
      {target && <LimitForm target={target} mutation={mutation} onCancel={close} onDone={onClose} />}
    </Dialog>
  );
}

interface FormProps {
  target: SenderLimitTarget;
  mutation: ReturnType<typeof useUpdateSender>;
  onCancel: () => void;
  onDone: () => void;
}

function LimitForm({ target: { row, limit }, mutation, onCancel, onDone }: FormProps) {
  const spec = LIMITS[limit];
  const { notifyError, notifySuccess } = useNotify();
  const [text, setText] = useState(String(row.sender?.[limit] ?? spec.range.default));
  const parsed = spec.schema.safeParse(text.trim() === '' ? undefined : Number(text));

  const submit = () => {
    if (!parsed.success) return;
    mutation.mutate(
      { deelnemer: row.deelnemer, versienummer: row.versienummer, ...spec.change(parsed.data) },
      {
        onSuccess: () => {
          notifySuccess(spec.success);
          onDone();
        },
        onError: (error) => notifyError(spec.failure, error),
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
          label={spec.labels.field}
          type="number"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus
          fullWidth
          error={!parsed.success}
          helperText={spec.helper}
          slotProps={{ htmlInput: { min: spec.range.min, max: spec.range.max, step: 1 } }}
        />
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={spec.labels.update}
        canSubmit={parsed.success}
        busy={mutation.isPending}
      />
    </form>
  );
}
