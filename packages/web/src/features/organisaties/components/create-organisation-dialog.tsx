import {
  CREATABLE_ORGANISATION_TYPES,
  createOrganisationSchema,
  DELEGATED_TYPE,
  DELEGERENDEN,
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  TITLES,
} from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { useNotify } from '@/components/notifications/notify-context';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useCreateOrganisation } from '../api/create-organisation';

interface CreateOrganisationDialogProps {
  open: boolean;
  onClose: () => void;
}

export function CreateOrganisationDialog({ open, onClose }: CreateOrganisationDialogProps) {
  const titleId = useId();
  const mutation = useCreateOrganisation();
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{TITLES.createOrganisation}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <CreateOrganisationForm mutation={mutation} onCancel={close} onCreated={onClose} />}
    </Dialog>
  );
}

interface FormProps {
  mutation: ReturnType<typeof useCreateOrganisation>;
  onCancel: () => void;
  onCreated: () => void;
}

function CreateOrganisationForm({ mutation, onCancel, onCreated }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(createOrganisationSchema),
    mode: 'all',
    defaultValues: { organisatie: '', metadata: { delegerenden: [] } },
  });
  const type = useWatch({ control, name: 'type' });
  const delegated = type === DELEGATED_TYPE;

  const submit = handleSubmit((values) =>
    mutation.mutate(
      // Choices made while another type was selected are not part of the organisation.
      { ...values, metadata: { delegerenden: values.type === DELEGATED_TYPE ? values.metadata.delegerenden : [] } },
      {
        onSuccess: () => {
          notifySuccess(SUCCESS_MESSAGES.organisationCreated);
          onCreated();
        },
        onError: (error) => {
          // A name the server refuses (a look-alike of an existing one, decision 0053) is said under
          // the field, where it can be changed; anything else in the alert.
          const refusal =
            error instanceof ApiCallError ? error.answer?.details?.find((d) => d.field === 'organisatie') : undefined;
          if (refusal) setError('organisatie', { message: refusal.message }, { shouldFocus: true });
          else notifyError(ERROR_TITLES.createOrganisation, error);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          <FormTextField
            control={control}
            name="organisatie"
            label={LABELS.organisaties.organisatie}
            required
            autoFocus
          />
          <FormTextField control={control} name="type" select label={LABELS.organisaties.type} required>
            {CREATABLE_ORGANISATION_TYPES.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </FormTextField>
          {delegated && (
            <Controller
              control={control}
              name="metadata.delegerenden"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  value={field.value ?? []}
                  select
                  label={LABELS.organisaties.delegerenden}
                  required
                  fullWidth
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message}
                  slotProps={{
                    select: { multiple: true, renderValue: (selected) => (selected as string[]).join(', ') },
                  }}
                >
                  {DELEGERENDEN.map((option) => (
                    <MenuItem key={option} value={option}>
                      {option}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={LABELS.common.create}
        canSubmit={formState.isValid}
        busy={mutation.isPending}
      />
    </form>
  );
}
