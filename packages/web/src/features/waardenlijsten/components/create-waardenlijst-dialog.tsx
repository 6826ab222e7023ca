import {
  BERICHT_VERSIES,
  DISCIPLINES,
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  createWaardenlijstSchema,
} from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useCreateWaardenlijst } from '../api/create-waardenlijst';
import { useLookup } from '../api/get-lookup';

interface CreateWaardenlijstDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Toevoegen waardenlijst': a list of the user's own netbeheerder for a berichtVersie and discipline. */
export function CreateWaardenlijstDialog({ open, onClose }: CreateWaardenlijstDialogProps) {
  const titleId = useId();
  const mutation = useCreateWaardenlijst();
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{LABELS.waardenlijsten.createTitle}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <CreateWaardenlijstForm mutation={mutation} onCancel={close} onCreated={onClose} />}
    </Dialog>
  );
}

interface FormProps {
  mutation: ReturnType<typeof useCreateWaardenlijst>;
  onCancel: () => void;
  onCreated: () => void;
}

function CreateWaardenlijstForm({ mutation, onCancel, onCreated }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const { data: lookup } = useLookup();
  const { control, handleSubmit, formState, getFieldState } = useForm({
    resolver: zodResolver(createWaardenlijstSchema),
    mode: 'all',
  });
  // Spec 001 §5: the discipline alone drives the error flag of both fields.
  const disciplineInvalid = getFieldState('discipline', formState).invalid;

  const submit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notifySuccess(SUCCESS_MESSAGES.waardenlijstCreated);
        onCreated();
      },
      onError: (error) => notifyError(ERROR_TITLES.createWaardenlijst, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          <Controller
            control={control}
            name="berichtVersie"
            render={({ field }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                select
                label={LABELS.waardenlijsten.berichtVersieField}
                required
                autoFocus
                fullWidth
                error={disciplineInvalid}
              >
                {(lookup?.berichtVersies ?? BERICHT_VERSIES).map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="discipline"
            render={({ field }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                select
                label={LABELS.waardenlijsten.discipline}
                required
                fullWidth
                error={disciplineInvalid}
              >
                {(lookup?.disciplines ?? DISCIPLINES).map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={LABELS.waardenlijsten.add}
        canSubmit={formState.isValid}
        busy={mutation.isPending}
      />
    </form>
  );
}
