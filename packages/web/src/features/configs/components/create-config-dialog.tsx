import {
  CONFIG_VERSIENUMMERS,
  ERROR_TITLES,
  normaliseDeelnemer,
  SUCCESS_MESSAGES,
  type Flow,
  type Omgeving,
} from '@knooppunt/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDiscardGuard } from '@/components/discard-guard/use-discard-guard';
import { useNotify } from '@/components/notifications/notify-context';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { LABELS } from '@/lib/texts';
import { useCreateConfig } from '../api/create-config';
import { useValuelists } from '../api/get-valuelists';
import { ConfigFormFields } from '../form/config-form-fields';
import { configFormResolver, configInputOf, emptyFormValues } from '../form/config-form-values';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { titleIn } from './use-omgeving';

// While typing, a space turns into an underscore at once; trimming waits until the name is sent.
const underscoreSpaces = (value: string) => value.replace(/\s/g, '_');

interface CreateConfigDialogProps {
  open: boolean;
  flow: Flow;
  /** The environment the draft is made in. */
  omgeving: Omgeving;
  onClose: () => void;
}

/** 'Aanmaken nieuwe configuratie': a draft for a participant and version number. */
export function CreateConfigDialog({ open, flow, omgeving, onClose }: CreateConfigDialogProps) {
  const titleId = useId();
  const mutation = useCreateConfig(omgeving);
  const [dirty, setDirty] = useState(false);
  const done = () => {
    setDirty(false);
    onClose();
  };
  const close = () => !mutation.isPending && done();
  // A click beside the dialog or Escape asks before typed input is thrown away; 'Annuleren' does not.
  const { dismiss, question } = useDiscardGuard(dirty, close);
  return (
    <>
      <Dialog
        open={open}
        onClose={() => !mutation.isPending && dismiss()}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
        scroll="paper"
      >
        <DialogTitle id={titleId}>{titleIn(omgeving, LABELS.configs.createTitle)}</DialogTitle>
        {/* Mounted only while open, so every opening starts with an empty form. */}
        {open && (
          <CreateConfigForm
            flow={flow}
            mutation={mutation}
            onCancel={close}
            onCreated={done}
            onDirtyChange={setDirty}
          />
        )}
      </Dialog>
      {question}
    </>
  );
}

interface FormProps {
  flow: Flow;
  mutation: ReturnType<typeof useCreateConfig>;
  onCancel: () => void;
  onCreated: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function CreateConfigForm({ flow, mutation, onCancel, onCreated, onDirtyChange }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const user = useCurrentUser();
  // Without the create-configuration right a user makes drafts for their own participant only.
  const locked = !usePermissions().canCreateConfig;
  const { data: valuelists } = useValuelists(!locked);
  const form = useForm({
    resolver: configFormResolver(true),
    mode: 'onTouched',
    defaultValues: emptyFormValues(flow, locked ? (user?.deelnemer ?? '') : ''),
  });
  const { control, formState } = form;
  const { isDirty } = formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = form.handleSubmit((values) =>
    mutation.mutate(
      {
        deelnemer: normaliseDeelnemer(values.deelnemer),
        versienummer: values.versienummer,
        config: configInputOf(values),
      },
      {
        onSuccess: () => {
          notifySuccess(SUCCESS_MESSAGES.configCreated);
          onCreated();
        },
        onError: (error) => notifyError(ERROR_TITLES.createConfig, error),
      },
    ),
  );

  return (
    <Stack component="form" onSubmit={submit} noValidate sx={{ minHeight: 0 }}>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          {locked ? (
            <FormTextField control={control} name="deelnemer" label={LABELS.configForm.deelnemer} disabled required />
          ) : (
            <Controller
              control={control}
              name="deelnemer"
              render={({ field, fieldState }) => (
                <Autocomplete
                  freeSolo
                  options={valuelists?.deelnemers ?? []}
                  value={field.value}
                  inputValue={field.value}
                  onInputChange={(_event, value) => field.onChange(underscoreSpaces(value))}
                  onChange={(_event, value) => field.onChange(underscoreSpaces(value ?? ''))}
                  onBlur={field.onBlur}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label={LABELS.configForm.deelnemer}
                      required
                      autoFocus
                      error={fieldState.invalid}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="versienummer"
            render={({ field }) => (
              <TextField {...field} select label={LABELS.configForm.versienummer} required>
                {CONFIG_VERSIENUMMERS[flow].map((versienummer) => (
                  <MenuItem key={versienummer} value={versienummer}>
                    {versienummer}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Divider />
          <ConfigFormFields form={form} readOnly={false} creating />
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={LABELS.common.create}
        canSubmit={formState.isValid}
        busy={mutation.isPending}
      />
    </Stack>
  );
}
