import {
  CLIENT_AUTH_METHODS,
  ERROR_TITLES,
  OMGEVING_LABELS,
  OMGEVINGEN,
  TITLES,
  type IssuedSystemClient,
} from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { useNotify } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useCreateClient } from '../api/create-client';
import { CREATE_CLIENT_DEFAULTS, createClientBody, createClientFormSchema } from './create-client-form';

interface CreateClientDialogProps {
  open: boolean;
  /** The organisation the client is for; without it the user's own. */
  organisatie: string | undefined;
  onClose: () => void;
  /** The new client with its secret, to be shown once. */
  onCreated: (issued: IssuedSystemClient) => void;
}

export function CreateClientDialog({ open, organisatie, onClose, onCreated }: CreateClientDialogProps) {
  const titleId = useId();
  const mutation = useCreateClient();
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{TITLES.createSystemClient}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && (
        <CreateClientForm
          organisatie={organisatie}
          mutation={mutation}
          onCancel={close}
          onCreated={(issued) => {
            onCreated(issued);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

interface FormProps {
  organisatie: string | undefined;
  mutation: ReturnType<typeof useCreateClient>;
  onCancel: () => void;
  onCreated: (issued: IssuedSystemClient) => void;
}

function CreateClientForm({ organisatie, mutation, onCancel, onCreated }: FormProps) {
  const { notifyError } = useNotify();
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(createClientFormSchema),
    mode: 'all',
    defaultValues: CREATE_CLIENT_DEFAULTS,
  });
  const methode = useWatch({ control, name: 'methode' });

  const submit = handleSubmit((values) => {
    const parsed = createClientBody(values, organisatie);
    if (!parsed.ok) return;
    mutation.mutate(parsed.body, {
      onSuccess: (issued) => {
        onCreated(issued);
        // The secret lives on in the screen's state only, until its dialog is closed.
        mutation.reset();
      },
      onError: (error) => {
        // A refusal of a key (`jwks.keys.2.n`) or of the omschrijving is shown at its field; its
        // message names the key. Anything else — the limit of clients, say — as a notification.
        const refusals = error instanceof ApiCallError ? (error.answer?.details ?? []) : [];
        const shown = refusals.flatMap((detail) => {
          const field = fieldOf(detail.field);
          return field ? [{ field, message: detail.message }] : [];
        });
        shown.forEach(({ field, message }, index) => setError(field, { message }, { shouldFocus: index === 0 }));
        if (shown.length === 0) notifyError(ERROR_TITLES.createSystemClient, error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          <FormTextField control={control} name="omschrijving" label={LABELS.clients.omschrijving} required autoFocus />
          <FormTextField
            control={control}
            name="omgeving"
            select
            label={LABELS.clients.omgeving}
            helperText={LABELS.clients.omgevingHelper}
            required
          >
            {OMGEVINGEN.map((option) => (
              <MenuItem key={option} value={option}>
                {OMGEVING_LABELS[option]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="methode" select label={LABELS.clients.methode} required>
            {CLIENT_AUTH_METHODS.map((option) => (
              <MenuItem key={option} value={option}>
                {LABELS.clients.methods[option]}
              </MenuItem>
            ))}
          </FormTextField>
          {methode === 'private_key_jwt' && (
            <FormTextField
              control={control}
              name="jwks"
              label={LABELS.clients.jwks}
              helperText={LABELS.clients.jwksHelper}
              required
              multiline
              minRows={6}
              maxRows={16}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
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

/** The dialog's field for a field the server names. */
function fieldOf(serverField: string): 'jwks' | 'omschrijving' | undefined {
  if (serverField === 'jwks' || serverField.startsWith('jwks.')) return 'jwks';
  return serverField === 'omschrijving' ? 'omschrijving' : undefined;
}
