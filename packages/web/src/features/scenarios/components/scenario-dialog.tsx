import {
  actsForNetbeheerder,
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  WERKZAAMHEDEN,
  WERKZAAMHEID_LABELS,
  type Lookup,
  type ScenarioRow,
} from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { NamensField } from '@/components/namens-field/namens-field';
import { useNotify } from '@/components/notifications/notify-context';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useCopyScenario } from '../api/copy-scenario';
import { useCreateScenario } from '../api/create-scenario';
import { useUpdateScenario } from '../api/update-scenario';
import {
  initialValues,
  namesNetbeheerder,
  noWerkzaamheden,
  resolverFor,
  type ScenarioDialogMode,
  type ScenarioFormValues,
} from './scenario-form-values';

const TITLES: Record<ScenarioDialogMode, string> = {
  create: LABELS.scenarios.createTitle,
  edit: LABELS.scenarios.editTitle,
  copy: LABELS.scenarios.copyTitle,
};
const SUBMIT: Record<ScenarioDialogMode, string> = {
  create: LABELS.scenarios.add,
  edit: LABELS.scenarios.save,
  copy: LABELS.scenarios.copy,
};

interface ScenarioDialogProps {
  /** Closed when undefined. */
  mode: ScenarioDialogMode | undefined;
  /** The scenario changed or copied. */
  row?: ScenarioRow | undefined;
  lookup: Lookup | undefined;
  onClose: () => void;
}

/** 'Toevoegen scenario', 'Wijzigen scenario' and 'Kopieren scenario' (spec 001 §2.1, §5). */
export function ScenarioDialog({ mode, row, lookup, onClose }: ScenarioDialogProps) {
  const titleId = useId();
  const saving = useSave(mode, row);
  const close = () => !saving.busy && onClose();
  return (
    <Dialog open={mode !== undefined} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {mode && (
        <>
          <DialogTitle id={titleId}>{TITLES[mode]}</DialogTitle>
          {/* Mounted only while open, so every opening starts from the row or an empty form. */}
          <ScenarioForm
            key={`${mode}-${row?._id}`}
            mode={mode}
            row={row}
            lookup={lookup}
            saving={saving}
            onCancel={close}
            onSaved={onClose}
          />
        </>
      )}
    </Dialog>
  );
}

function useSave(mode: ScenarioDialogMode | undefined, row: ScenarioRow | undefined) {
  const { notifyError, notifySuccess } = useNotify();
  const creating = useCreateScenario();
  const updating = useUpdateScenario();
  const copying = useCopyScenario();
  const id = row?._id ?? '';

  const save = (values: ScenarioFormValues, onDone: () => void) => {
    const outcome = (success: string, failure: string) => ({
      onSuccess: () => {
        notifySuccess(success);
        onDone();
      },
      onError: (error: unknown) => notifyError(failure, error),
    });
    if (mode === 'create') {
      creating.mutate(values, outcome(SUCCESS_MESSAGES.scenarioCreated, ERROR_TITLES.createScenario));
    } else if (mode === 'edit') {
      updating.mutate(
        { id, omschrijving: values.omschrijving, changed: row?.changed ?? '' },
        outcome(SUCCESS_MESSAGES.scenarioUpdated, ERROR_TITLES.updateScenario),
      );
    } else {
      copying.mutate(
        {
          id,
          omschrijving: values.omschrijving,
          werkzaamheden: values.werkzaamheden,
          netbeheerder: values.netbeheerder,
        },
        outcome(SUCCESS_MESSAGES.scenarioCopied, ERROR_TITLES.copyScenario),
      );
    }
  };
  return { save, busy: creating.isPending || updating.isPending || copying.isPending };
}

interface FormProps {
  mode: ScenarioDialogMode;
  row: ScenarioRow | undefined;
  lookup: Lookup | undefined;
  saving: ReturnType<typeof useSave>;
  onCancel: () => void;
  onSaved: () => void;
}

function ScenarioForm({ mode, row, lookup, saving, onCancel, onSaved }: FormProps) {
  // A super-role user chooses the netbeheerder it acts for (decision 0029).
  const acting = actsForNetbeheerder(usePermissions());
  const form = useForm<ScenarioFormValues>({
    resolver: resolverFor(mode, acting),
    defaultValues: initialValues(mode, row, acting),
  });
  const { control } = form;
  const berichtVersie = useWatch({ control, name: 'berichtVersie' });

  const versionAndDisciplineLocked = mode !== 'create';
  // The work belongs to a bericht versie: it is chosen after it, and chosen again when it changes.
  const werkLocked = mode === 'edit' || !berichtVersie;

  return (
    <Stack component="form" noValidate onSubmit={form.handleSubmit((values) => saving.save(values, onSaved))}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          {namesNetbeheerder(mode, acting) && (
            <NamensField control={control} name="netbeheerder" netbeheerders={lookup?.netbeheerders ?? []} />
          )}
          <FormTextField
            control={control}
            name="omschrijving"
            label={LABELS.scenarios.omschrijving}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <ChoiceField
              control={control}
              name="berichtVersie"
              label={LABELS.scenarios.berichtVersieField}
              options={lookup?.berichtVersies ?? []}
              disabled={versionAndDisciplineLocked}
              onChosen={(value) => {
                if (value === berichtVersie) return;
                form.setValue('werkzaamheden', noWerkzaamheden());
                form.clearErrors('werkzaamheden');
              }}
            />
            <ChoiceField
              control={control}
              name="discipline"
              label={LABELS.scenarios.discipline}
              options={lookup?.disciplines ?? []}
              disabled={versionAndDisciplineLocked}
            />
            {WERKZAAMHEDEN.map((kind) => (
              <ChoiceField
                key={kind}
                control={control}
                name={`werkzaamheden.${kind}`}
                label={WERKZAAMHEID_LABELS[kind]}
                options={lookup?.werkzaamheden[kind] ?? []}
                disabled={werkLocked}
              />
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogFormActions onCancel={onCancel} submitLabel={SUBMIT[mode]} canSubmit busy={saving.busy} />
    </Stack>
  );
}

interface ChoiceFieldProps {
  control: Control<ScenarioFormValues>;
  name: FieldPath<ScenarioFormValues>;
  label: string;
  options: readonly string[];
  disabled: boolean;
  onChosen?: (value: string) => void;
}

/**
 * A required choice; disabled fields still show their value (Wijzigen, Kopieren). A disabled field
 * is never flagged: the user cannot fix it there (the work waits for the bericht versie).
 */
function ChoiceField({ control, name, label, options, disabled, onChosen }: ChoiceFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <TextField
            select
            name={field.name}
            inputRef={field.ref}
            value={value}
            onChange={(event) => {
              onChosen?.(event.target.value);
              field.onChange(event.target.value);
            }}
            onBlur={field.onBlur}
            label={label}
            required
            disabled={disabled}
            fullWidth
            error={!disabled && fieldState.invalid}
            helperText={disabled ? undefined : fieldState.error?.message}
          >
            {(value && !options.includes(value) ? [value, ...options] : options).map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
