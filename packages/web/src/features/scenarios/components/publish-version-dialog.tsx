import {
  actsForNetbeheerder,
  dutchToday,
  ERROR_TITLES,
  isPassed,
  namensSchema,
  publishVersionSchema,
  SUCCESS_MESSAGES,
  type Lookup,
} from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { NamensField } from '@/components/namens-field/namens-field';
import { useNotify } from '@/components/notifications/notify-context';
import { usePermissions } from '@/lib/auth/current-user';
import { formatDate } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { usePublishVersion, type PublishVersion } from '../api/publish-version';

interface PublishVersionDialogProps {
  open: boolean;
  lookup: Lookup | undefined;
  onClose: () => void;
}

/** 'Versie publiceren': the user's concepts of one bericht versie become its next version (spec 001 §2.1, §4, §5). */
export function PublishVersionDialog({ open, lookup, onClose }: PublishVersionDialogProps) {
  const titleId = useId();
  const mutation = usePublishVersion();
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{LABELS.scenarios.publishTitle}</DialogTitle>
      {open && <PublishForm lookup={lookup} mutation={mutation} onCancel={close} onPublished={onClose} />}
    </Dialog>
  );
}

interface FormProps {
  lookup: Lookup | undefined;
  mutation: ReturnType<typeof usePublishVersion>;
  onCancel: () => void;
  onPublished: () => void;
}

// Invalid fields are flagged when 'Publiceren' is pressed, and nothing is sent (spec 001 §5).
const resolver = zodResolver(publishVersionSchema) as unknown as Resolver<PublishVersion>;
// A super-role user also names the netbeheerder whose concepts it publishes (decision 0029).
const actingResolver = zodResolver(
  publishVersionSchema.extend({ netbeheerder: namensSchema }),
) as unknown as Resolver<PublishVersion>;

function PublishForm({ lookup, mutation, onCancel, onPublished }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const acting = actsForNetbeheerder(usePermissions());
  const form = useForm<PublishVersion>({
    resolver: acting ? actingResolver : resolver,
    defaultValues: { omschrijving: '', berichtVersie: '', ingangsdatum: '', ...(acting && { netbeheerder: '' }) },
  });
  const { control } = form;
  const berichtVersie = useWatch({ control, name: 'berichtVersie' });
  const ingangsdatums = berichtVersie ? (lookup?.ingangsdatums[berichtVersie] ?? []) : [];
  const today = dutchToday();

  const submit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notifySuccess(SUCCESS_MESSAGES.versionPublished);
        onPublished();
      },
      onError: (error) => notifyError(ERROR_TITLES.publishVersion, error),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          {acting && <NamensField control={control} name="netbeheerder" netbeheerders={lookup?.netbeheerders ?? []} />}
          <FormTextField
            control={control}
            name="omschrijving"
            label={LABELS.scenarios.omschrijving}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Controller
            control={control}
            name="berichtVersie"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                onChange={(event) => {
                  // The calendar differs per bericht versie: a date chosen for another one is gone.
                  if (event.target.value !== field.value) form.resetField('ingangsdatum');
                  field.onChange(event.target.value);
                }}
                select
                label={LABELS.scenarios.berichtVersieField}
                required
                fullWidth
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              >
                {(lookup?.berichtVersies ?? []).map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={LABELS.scenarios.publicatiedatum}
            value={formatDate(new Date().toISOString())}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          <Controller
            control={control}
            name="ingangsdatum"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                label={LABELS.scenarios.ingangsdatum}
                required
                fullWidth
                disabled={!berichtVersie}
                // A disabled picker is not the user's mistake: its hint says what comes first.
                error={!!berichtVersie && fieldState.invalid}
                helperText={berichtVersie ? fieldState.error?.message : LABELS.scenarios.ingangsdatumHelper}
                // The hint says why the picker is disabled: readable, not greyed out with it (WCAG contrast).
                slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
              >
                {/* The calendar keeps its passed dates, shown as such; the server refuses them (decision 0057). */}
                {ingangsdatums.map((datum) => {
                  const passed = isPassed(datum, today);
                  return (
                    <MenuItem key={datum} value={datum} disabled={passed}>
                      {passed ? LABELS.scenarios.ingangsdatumVerstreken(formatDate(datum)) : formatDate(datum)}
                    </MenuItem>
                  );
                })}
              </TextField>
            )}
          />
          <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
            {LABELS.scenarios.publishNote}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={LABELS.scenarios.publish}
        canSubmit
        busy={mutation.isPending}
      />
    </Stack>
  );
}
