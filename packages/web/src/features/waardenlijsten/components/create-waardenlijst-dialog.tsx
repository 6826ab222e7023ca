import {
  actsForNetbeheerder,
  BERICHT_VERSIES,
  DISCIPLINES,
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  createWaardenlijstSchema,
  namensSchema,
  type CreateWaardenlijst,
} from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { NamensField } from '@/components/namens-field/namens-field';
import { useNotify } from '@/components/notifications/notify-context';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useCreateWaardenlijst } from '../api/create-waardenlijst';
import { useLookup } from '../api/get-lookup';

interface CreateWaardenlijstDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Toevoegen waardenlijst': a list of the user's own netbeheerder for a berichtVersie and
 * discipline; a super-role user chooses the netbeheerder it acts for (decision 0029).
 */
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

const resolver = zodResolver(createWaardenlijstSchema) as unknown as Resolver<CreateWaardenlijst>;
const actingResolver = zodResolver(
  createWaardenlijstSchema.extend({ netbeheerder: namensSchema }),
) as unknown as Resolver<CreateWaardenlijst>;

function CreateWaardenlijstForm({ mutation, onCancel, onCreated }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const { data: lookup } = useLookup();
  const acting = actsForNetbeheerder(usePermissions());
  const { control, handleSubmit, formState, getFieldState } = useForm<CreateWaardenlijst>({
    resolver: acting ? actingResolver : resolver,
    mode: 'all',
    ...(acting && { defaultValues: { netbeheerder: '' } }),
  });
  // Spec 001 §5: the discipline alone drives the error flag of both fields. It shows once the
  // discipline was left without a choice, or when 'Toevoegen' is pressed (issue 21 item 10: the
  // button was disabled until the form was valid, so a user who did not tab through never saw it).
  const disciplineInvalid = getFieldState('discipline', formState).invalid;
  const disciplineError = formState.errors.discipline?.message;
  // Not flagged (the discipline drives the flag), but said once sending failed on it.
  const berichtVersieMissing = formState.isSubmitted ? formState.errors.berichtVersie?.message : undefined;

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
          {acting && (
            <NamensField control={control} name="netbeheerder" netbeheerders={lookup?.netbeheerders ?? []} autoFocus />
          )}
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
                autoFocus={!acting}
                fullWidth
                error={disciplineInvalid}
                helperText={berichtVersieMissing}
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
                helperText={disciplineError}
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
        canSubmit
        busy={mutation.isPending}
      />
    </form>
  );
}
