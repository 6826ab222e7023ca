import { messageTypesOf, TERMIJN_TEXTS, termijnStatussen, type Termijn, type TermijnInput } from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { useDiscardGuard } from '@/components/discard-guard/use-discard-guard';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { LABELS } from '@/lib/texts';
import { initialValues, termijnFormSchema, termijnInputOf, wholeNumber, type TermijnFormValues } from './termijn-form';
import { useSaveTermijn, type Refuse } from './use-save-termijn';

const T = LABELS.termijnen;
const FLOWS = ['aansluiting', 'hoofdnet'] as const;

interface TermijnDialogProps {
  open: boolean;
  netbeheerder: string;
  /** The deadline changed; none for a new one. */
  termijn: Termijn | undefined;
  onClose: () => void;
}

/** 'Nieuwe termijn' and 'Termijn wijzigen': two message types of a flow and the time between them. */
export function TermijnDialog({ open, netbeheerder, termijn, onClose }: TermijnDialogProps) {
  const titleId = useId();
  // Its title stays while the dialog fades away.
  const [shown, setShown] = useState(termijn);
  if (open && termijn !== shown) setShown(termijn);
  const [dirty, setDirty] = useState(false);
  const done = () => {
    setDirty(false);
    onClose();
  };
  const saving = useSaveTermijn(netbeheerder, termijn, done);
  const close = () => !saving.busy && done();
  // A click beside the dialog or Escape asks before what was chosen is thrown away; 'Annuleren' does not.
  const { dismiss, question } = useDiscardGuard(dirty, close);
  return (
    <>
      <Dialog open={open} onClose={() => !saving.busy && dismiss()} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{shown ? T.editTitle : T.createTitle}</DialogTitle>
        {/* Mounted only while open, so every opening starts from the deadline or an empty form. */}
        {open && (
          <TermijnForm
            key={termijn?.id ?? 'new'}
            termijn={termijn}
            busy={saving.busy}
            onSave={saving.save}
            onCancel={close}
            onDirtyChange={setDirty}
          />
        )}
      </Dialog>
      {question}
    </>
  );
}

interface TermijnFormProps {
  termijn: Termijn | undefined;
  busy: boolean;
  onSave: (input: TermijnInput, refuse: Refuse) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function TermijnForm({ termijn, busy, onSave, onCancel, onDirtyChange }: TermijnFormProps) {
  const form = useForm<TermijnFormValues>({
    // Checked as the server checks it; the number is made one when sent.
    resolver: zodResolver(termijnFormSchema, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: initialValues(termijn),
  });
  const { control, formState } = form;
  const { isDirty } = formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const [flow, van, tot, aantal, eenheid] = useWatch({ control, name: ['flow', 'van', 'tot', 'aantal', 'eenheid'] });
  const types = Object.keys(messageTypesOf(flow));
  // A type that creates an order ends no deadline: it is never accepted on an order that runs one.
  const totTypes = types.filter((type) => termijnStatussen(type).length > 0);
  const count = wholeNumber(aantal);

  const submit = form.handleSubmit((values) =>
    onSave(termijnInputOf(values), (field, message) => form.setError(field, { message }, { shouldFocus: true })),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          <Controller
            control={control}
            name="flow"
            render={({ field }) => (
              <TextField
                select
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onChange={(event) => {
                  if (event.target.value === field.value) return;
                  field.onChange(event.target.value);
                  // The types of one flow are none of the other's: chosen again.
                  form.setValue('van', '', { shouldDirty: true });
                  form.setValue('tot', '', { shouldDirty: true });
                }}
                onBlur={field.onBlur}
                label={T.stroom}
                required
                autoFocus
                fullWidth
              >
                {FLOWS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {T.stromen[option]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <FormTextField control={control} name="van" select required label={T.van} helperText={T.vanHelper}>
              {types.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="tot" select required label={T.tot} helperText={T.totHelper}>
              {totTypes.map((type) => (
                <MenuItem key={type} value={type} disabled={type === van}>
                  {type}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="aantal"
              type="number"
              required
              label={T.aantal}
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
            />
            <FormTextField control={control} name="eenheid" select required label={T.eenheid}>
              {(['werkdagen', 'uren'] as const).map((option) => (
                <MenuItem key={option} value={option}>
                  {T.eenheden[option]}
                </MenuItem>
              ))}
            </FormTextField>
          </Box>
          <Box>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {T.voorbeeld}
            </Typography>
            <Typography variant="body1" role="status">
              {van && tot && count > 0
                ? TERMIJN_TEXTS.omschrijving({ van, tot, aantal: count, eenheid })
                : T.voorbeeldLeeg}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogFormActions onCancel={onCancel} submitLabel={termijn ? T.save : T.add} canSubmit busy={busy} />
    </Stack>
  );
}
