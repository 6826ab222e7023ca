import { ERROR_TITLES, SUCCESS_MESSAGES, type User, type UserManagementPolicy } from '@knooppunt/domain';
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
import { roleChoiceErrors, roleChoiceOf, roleOptionsOf, rolesOf } from './user-roles';

interface ChangeRolesDialogProps {
  /** The user whose roles change; the dialog is open while there is one. */
  user: User | undefined;
  /** What the signed-in user may grant. */
  policy: UserManagementPolicy;
  onClose: () => void;
}

/** 'Wijzigen rollen {email}' (spec 001 §2.7, §5). */
export function ChangeRolesDialog({ user, policy, onClose }: ChangeRolesDialogProps) {
  const titleId = useId();
  const mutation = useChangeRoles();
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={!!user} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {user && (
        <>
          <DialogTitle id={titleId}>{LABELS.gebruikers.changeRolesTitle(user.email)}</DialogTitle>
          <ChangeRolesForm
            key={user.userid}
            user={user}
            policy={policy}
            mutation={mutation}
            onCancel={close}
            onChanged={onClose}
          />
        </>
      )}
    </Dialog>
  );
}

interface FormProps {
  user: User;
  policy: UserManagementPolicy;
  mutation: ReturnType<typeof useChangeRoles>;
  onCancel: () => void;
  onChanged: () => void;
}

function ChangeRolesForm({ user, policy, mutation, onCancel, onChanged }: FormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const options = roleOptionsOf(user.organisatieType, policy);
  const initial = roleChoiceOf(
    options,
    user.roles.map((role) => role.name),
  );
  const [choice, setChoice] = useState({ role: initial.role, optionalRoles: initial.optionalRoles });
  const [touched, setTouched] = useState(false);
  const errors = roleChoiceErrors(options, choice);
  const valid = Object.keys(errors).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    mutation.mutate(
      { user: user.userid, roles: rolesOf(options, choice) },
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
          {/* The server accepts only roles of the organisation type's group (decisions 0013, 0014). */}
          {initial.others.length > 0 && (
            <Alert severity="info">{LABELS.gebruikers.droppedRoles(initial.others.join(', '))}</Alert>
          )}
          <RolePicker
            options={options}
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
