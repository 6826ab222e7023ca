import { PASSWORD_MIN } from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { useNotify } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useChangePassword } from '../api/change-password';
import { changePasswordFormSchema, EMPTY_FORM, type ChangePasswordForm } from './change-password-form';

const T = LABELS.changePassword;

interface ChangePasswordDialogProps {
  onClose: () => void;
  /** After the change: every session of the user has ended, this one too; the user logs out and in again. */
  onLoginAgain: () => void;
}

/**
 * 'Wachtwoord wijzigen' (issue 29): the current password, the new one twice, with the rule shown
 * before anything is sent. Once changed, it says so and leads to a new login: the server ended
 * every session of the user, this one too. Mounted while open, so every opening starts empty.
 */
export function ChangePasswordDialog({ onClose, onLoginAgain }: ChangePasswordDialogProps) {
  const titleId = useId();
  const mutation = useChangePassword();
  const changed = mutation.isSuccess;
  // Once changed there is no way back to the portal but a new login.
  const close = () => !mutation.isPending && !changed && onClose();
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{changed ? T.doneTitle : T.title}</DialogTitle>
      {changed ? (
        <>
          <DialogContent>
            <DialogContentText role="status">{T.done}</DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button variant="contained" onClick={onLoginAgain} autoFocus>
              {LABELS.shell.loginAgain}
            </Button>
          </DialogActions>
        </>
      ) : (
        <ChangePasswordFormFields mutation={mutation} onCancel={close} />
      )}
    </Dialog>
  );
}

interface FormProps {
  mutation: ReturnType<typeof useChangePassword>;
  onCancel: () => void;
}

const FIELDS = ['huidigWachtwoord', 'nieuwWachtwoord'] as const;

function ChangePasswordFormFields({ mutation, onCancel }: FormProps) {
  const { notifyError } = useNotify();
  const [problem, setProblem] = useState<string>();
  const { control, handleSubmit, setError, formState, getFieldState, trigger } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_FORM,
  });

  const submit = handleSubmit(({ huidigWachtwoord, nieuwWachtwoord }) => {
    setProblem(undefined);
    mutation.mutate(
      { huidigWachtwoord, nieuwWachtwoord },
      {
        onError: (error) => {
          const answer = error instanceof ApiCallError ? error.answer : undefined;
          // The server names the field it refuses (a wrong current password, the same new one): shown there.
          const refusals = answer?.details?.filter((detail) => FIELDS.some((field) => field === detail.field)) ?? [];
          refusals.forEach((detail, index) =>
            setError(
              detail.field as (typeof FIELDS)[number],
              { message: detail.message },
              { shouldFocus: index === 0 },
            ),
          );
          if (refusals.length > 0) return;
          // Locked after too many wrong attempts (429): said in the dialog, where the user looks.
          if (error instanceof ApiCallError && error.status === 429 && answer) setProblem(answer.message);
          else notifyError(T.failed, error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <FormTextField
            control={control}
            name="huidigWachtwoord"
            type="password"
            label={T.current}
            autoComplete="current-password"
            required
            autoFocus
          />
          <FormTextField
            control={control}
            name="nieuwWachtwoord"
            type="password"
            label={T.next}
            autoComplete="new-password"
            required
            helperText={T.rule(PASSWORD_MIN)}
            // A repetition typed already is compared again with the new password as it is now.
            onBlurred={() => getFieldState('herhaling').isTouched && void trigger('herhaling')}
          />
          <FormTextField
            control={control}
            name="herhaling"
            type="password"
            label={T.repeat}
            autoComplete="new-password"
            required
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.endsSessions}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={T.submit}
        canSubmit={formState.isValid}
        busy={mutation.isPending}
      />
    </form>
  );
}
