import { PASSKEY_TEXTS, type Passkey } from '@knooppunt/domain';
import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

const T = PASSKEY_TEXTS;

/**
 * Why no passkey was added: the server's refusal as it says it, one of the user's own keys again,
 * or the browser's ceremony that did not end with a key (cancelled, timed out).
 */
function addProblem(error: unknown): string {
  if (error instanceof ApiCallError) return error.answer?.message ?? error.detail ?? error.message;
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return T.exists;
  return T.notUsed;
}

const usedText = (passkey: Passkey) =>
  `${T.aangemaakt} ${formatDateTime(passkey.aangemaakt)} · ${
    passkey.laatstGebruikt ? `${T.laatstGebruikt} ${formatDateTime(passkey.laatstGebruikt)}` : T.nooitGebruikt
  }`;

/**
 * 'Passkeys en beveiligingssleutels' (decision 0054 'Passkeys'): the signed-in user's passkeys,
 * each removable, and 'Passkey toevoegen', which asks the browser for a new one. The recovery
 * codes a first second factor brings go to `onRecoveryCodes`, which shows them once (the 'Tweede
 * stap' dialog, as after setting up the app).
 */
export function PasskeysSection({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const titleId = useId();
  const { notifySuccess, notifyError } = useNotify();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [problem, setProblem] = useState<string>();
  const [removing, setRemoving] = useState<Passkey>();
  const supported = browserSupportsWebAuthn();

  const start = () => {
    setProblem(undefined);
    add.mutate(undefined, {
      onSuccess: (added) => {
        notifySuccess(T.added);
        if (added.herstelcodes) onRecoveryCodes(added.herstelcodes);
      },
      onError: (error) => setProblem(addProblem(error)),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => notifySuccess(T.removed),
      // A refusal (the last second factor where one is required) says why in the alert.
      onError: (error) => notifyError(T.removeFailed, error),
      onSettled: () => setRemoving(undefined),
    });
  };

  return (
    <Stack component="section" aria-labelledby={titleId} sx={{ gap: 1.5 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {T.title}
      </Typography>
      {passkeys.isPending ? (
        <CircularProgress size={24} aria-label={T.title} />
      ) : passkeys.isError ? (
        <Alert severity="error">{T.listFailed}</Alert>
      ) : passkeys.data.items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {T.none}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={titleId}>
          {passkeys.data.items.map((passkey) => (
            <ListItem
              key={passkey.id}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={T.removeLabel(passkey.naam)} onClick={() => setRemoving(passkey)}>
                  <DeleteOutlinedIcon />
                </IconButton>
              }
            >
              <ListItemText primary={passkey.naam} secondary={usedText(passkey)} />
            </ListItem>
          ))}
        </List>
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(undefined)}>
          {problem}
        </Alert>
      )}
      {!supported && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {T.notSupported}
        </Typography>
      )}
      <div>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={start}
          disabled={!supported}
          loading={add.isPending}
        >
          {T.add}
        </Button>
      </div>
      <ConfirmDialog
        open={removing !== undefined}
        title={T.removeTitle}
        text={removing ? T.removeText(removing.naam) : ''}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(undefined)}
        busy={remove.isPending}
        confirmLabel={T.remove}
      />
    </Stack>
  );
}
