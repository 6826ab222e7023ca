import {
  deelnemerOfOrganisation,
  IMPLEMENTATION_PARTNER_TYPE,
  IMPLEMENTED_TYPES,
  type Organisation,
} from '@knooppunt/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { useNotify } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useLinkImplementationPartner, type LinkPair } from '../api/link-implementation-partner';

const T = LABELS.organisaties.panel;

interface LinkDialogProps {
  open: boolean;
  /** The organisation of the panel: a participant gets a partner, a partner a participant. */
  organisation: Organisation;
  deelnemer: string;
  /** The organisations linked to it already: not offered again. */
  linked: readonly string[];
  organisations: readonly Organisation[];
  onClose: () => void;
}

/** 'Koppelen': the other side of a new link, chosen from the organisations of the type it needs. */
export function LinkDialog({ open, organisation, deelnemer, linked, organisations, onClose }: LinkDialogProps) {
  const titleId = useId();
  const mutation = useLinkImplementationPartner();
  const partner = organisation.type === IMPLEMENTATION_PARTNER_TYPE;
  const close = () => !mutation.isPending && onClose();
  const choices = useMemo(
    () =>
      organisations
        .filter((candidate) =>
          partner ? IMPLEMENTED_TYPES.includes(candidate.type) : candidate.type === IMPLEMENTATION_PARTNER_TYPE,
        )
        .map(deelnemerOfOrganisation)
        .filter((name) => name !== deelnemer && !linked.includes(name))
        .sort((a, b) => a.localeCompare(b, 'nl')),
    [organisations, partner, deelnemer, linked],
  );
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {partner ? T.linkParticipantTitle(organisation.organisatie) : T.linkPartnerTitle(organisation.organisatie)}
      </DialogTitle>
      {/* Mounted only while open, so every opening starts with no choice made. */}
      {open && (
        <LinkForm
          mutation={mutation}
          pairOf={(other) => (partner ? { partner: deelnemer, deelnemer: other } : { partner: other, deelnemer })}
          field={partner ? 'deelnemer' : 'partner'}
          choices={choices}
          onCancel={close}
          onLinked={onClose}
        />
      )}
    </Dialog>
  );
}

interface LinkFormProps {
  mutation: ReturnType<typeof useLinkImplementationPartner>;
  pairOf: (other: string) => LinkPair;
  /** The field of the call that the choice fills: where the server's refusal of it belongs. */
  field: keyof LinkPair;
  choices: readonly string[];
  onCancel: () => void;
  onLinked: () => void;
}

function LinkForm({ mutation, pairOf, field, choices, onCancel, onLinked }: LinkFormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const { control, handleSubmit, setError, formState } = useForm<{ other: string | null }>({
    mode: 'all',
    defaultValues: { other: null },
  });

  const submit = handleSubmit(({ other }) => {
    if (!other) return;
    mutation.mutate(pairOf(other), {
      onSuccess: () => {
        notifySuccess(T.linked);
        onLinked();
      },
      onError: (error) => {
        // A refusal of the organisation chosen shows at the field; any other as an alert.
        const refusal =
          error instanceof ApiCallError ? error.answer?.details?.find((d) => d.field === field) : undefined;
        if (refusal) setError('other', { message: refusal.message }, { shouldFocus: true });
        else notifyError(T.linkFailed, error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Controller
          control={control}
          name="other"
          rules={{ required: T.chooseRequired }}
          render={({ field: input, fieldState }) => (
            <Autocomplete<string>
              options={choices}
              value={input.value}
              onChange={(_event, option) => input.onChange(option)}
              onBlur={input.onBlur}
              noOptionsText={T.nothingToLink}
              sx={{ pt: 1 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={input.ref}
                  label={field === 'partner' ? T.partner : T.deelnemer}
                  required
                  autoFocus
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message ?? (choices.length === 0 ? T.nothingToLink : undefined)}
                />
              )}
            />
          )}
        />
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={T.link}
        canSubmit={formState.isValid}
        busy={mutation.isPending}
      />
    </form>
  );
}
