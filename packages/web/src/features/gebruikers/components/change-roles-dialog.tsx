import { ERROR_TITLES, SUCCESS_MESSAGES, type User } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useChangeRoles } from '../api/change-roles';
import { RolePicker } from './role-picker';
import { roleChoiceErrors, roleChoiceOf, roleGroupOf, rolesOf } from './user-roles';

interface ChangeRolesDialogProps {
  /** The user whose roles change; the dialog is open while there is one. */
  user: User | undefined;
  onClose: () => void;
}

/** 'Wijzigen rollen {email}' (spec 001 §2.7, §5). */
export function ChangeRolesDialog({ user, onClose }: ChangeRolesDialogProps) {
  const titleId = useId();
  const mutation = useChangeRoles();
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={!!user} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {user && (
        <>
          <DialogTitle id={titleId}>{LABELS.gebruikers.changeRolesTitle(user.email)}</DialogTitle>
          <ChangeRolesForm key={user.userid} user={user} mutation={mutation} onCancel={close} onChanged={onClose} />
        </>
      )}
    </Dialog>
  );
}

interface FormProps {
  user: User;
  mutation: ReturnType<typeof useChangeRoles>;
  onCancel: () => void;
  onChanged: () => void;
}

function ChangeRolesForm({ user, mutation, onCancel, onChanged }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const group = roleGroupOf(user.organisatieType);
  const initial = roleChoiceOf(
    group,
    user.roles.map((role) => role.name),
  );
  const [choice, setChoice] = useState({ role: initial.role, optionalRoles: initial.optionalRoles });
  const [touched, setTouched] = useState(false);
  const errors = roleChoiceErrors(group, choice);
  const valid = Object.keys(errors).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    mutation.mutate(
      { user: user.userid, roles: rolesOf(choice) },
      {
        onSuccess: () => {
          notifySuccess(SUCCESS_MESSAGES.rolesChanged);
          onChanged();
        },
        onError: (error) => notifyError(ERROR_TITLES.changeRoles, error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          {/* The server accepts only roles of the organisation type's group (decision 0013). */}
          {initial.others.length > 0 && (
            <Alert severity="info">{LABELS.gebruikers.droppedRoles(initial.others.join(', '))}</Alert>
          )}
          <RolePicker
            group={group}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setTouched(true);
            }}
            errors={errors}
            showErrors={touched}
          />
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={LABELS.gebruikers.save}
        canSubmit={valid}
        busy={mutation.isPending}
      />
    </form>
  );
}
