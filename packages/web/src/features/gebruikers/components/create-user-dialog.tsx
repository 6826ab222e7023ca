import { EMAIL_MAX, ERROR_TITLES, type Organisation, type UserManagementPolicy } from '@knooppunt/domain';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useCreateUser, type CreatedUser } from '../api/create-user';
import { RolePicker } from './role-picker';
import { needsDelegerende, newUserErrors, roleOptionsOf, rolesOf, type NewUser } from './user-roles';

interface CreateUserDialogProps {
  open: boolean;
  /** The organisations whose users the signed-in user may manage (decision 0014). */
  organisations: readonly Organisation[];
  /** What the signed-in user may grant. */
  policy: UserManagementPolicy;
  onClose: () => void;
  onCreated: (user: CreatedUser) => void;
}

/** 'Aanmaken gebruiker' (spec 001 §2.7, §5). */
export function CreateUserDialog({ open, organisations, policy, onClose, onCreated }: CreateUserDialogProps) {
  const titleId = useId();
  const mutation = useCreateUser();
  const close = () => !mutation.isPending && onClose();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{LABELS.gebruikers.createTitle}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && (
        <CreateUserForm
          organisations={organisations}
          policy={policy}
          mutation={mutation}
          onCancel={close}
          onCreated={(user) => {
            onCreated(user);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

const EMPTY: NewUser = { email: '', organisatie: '', role: '', optionalRoles: [], delegerende: '' };

interface FormProps {
  organisations: readonly Organisation[];
  policy: UserManagementPolicy;
  mutation: ReturnType<typeof useCreateUser>;
  onCancel: () => void;
  onCreated: (user: CreatedUser) => void;
}

function CreateUserForm({ organisations, policy, mutation, onCancel, onCreated }: FormProps) {
  const { notifyError } = useNotify();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<keyof NewUser | 'roles'>>(() => new Set());
  const organisation = organisations.find((candidate) => candidate.organisatie === values.organisatie);
  const options = roleOptionsOf(organisation?.type, policy);
  const errors = newUserErrors(values, organisation, options);
  const valid = Object.keys(errors).length === 0;
  const delegerende = needsDelegerende(organisation, values.role);

  const change = (next: Partial<NewUser>, field: keyof NewUser | 'roles') => {
    setValues((current) => ({ ...current, ...next }));
    setTouched((current) => new Set(current).add(field));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    mutation.mutate(
      {
        email: values.email.trim(),
        organisatie: values.organisatie,
        roles: rolesOf(options, values),
        metadata: delegerende ? { delegerende: values.delegerende } : {},
      },
      { onSuccess: onCreated, onError: (error) => notifyError(ERROR_TITLES.createUser, error) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          <TextField
            label={LABELS.gebruikers.email}
            type="email"
            required
            autoFocus
            fullWidth
            value={values.email}
            onChange={(event) => change({ email: event.target.value }, 'email')}
            error={touched.has('email') && !!errors.email}
            helperText={touched.has('email') ? errors.email : undefined}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
          />
          <TextField
            select
            label={LABELS.gebruikers.organisatie}
            required
            fullWidth
            value={values.organisatie}
            // The roles on offer are the new organisation type's: earlier choices do not carry over.
            onChange={(event) =>
              change({ organisatie: event.target.value, role: '', optionalRoles: [], delegerende: '' }, 'organisatie')
            }
            error={touched.has('organisatie') && !!errors.organisatie}
            helperText={
              organisations.length === 0
                ? LABELS.gebruikers.noOrganisations
                : touched.has('organisatie')
                  ? errors.organisatie
                  : undefined
            }
          >
            {organisations.map((option) => (
              <MenuItem key={option.organisatie} value={option.organisatie}>
                {option.organisatie}
              </MenuItem>
            ))}
          </TextField>
          {organisation && (
            <RolePicker
              options={options}
              value={values}
              onChange={(choice) => change(choice, 'roles')}
              errors={errors}
              showErrors={touched.has('roles')}
            />
          )}
          {delegerende && (
            <TextField
              select
              label={LABELS.gebruikers.delegerende}
              required
              fullWidth
              value={values.delegerende}
              onChange={(event) => change({ delegerende: event.target.value }, 'delegerende')}
              error={touched.has('delegerende') && !!errors.delegerende}
              helperText={touched.has('delegerende') ? errors.delegerende : undefined}
            >
              {organisation?.metadata.delegerenden.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={LABELS.common.create}
        canSubmit={valid}
        busy={mutation.isPending}
      />
    </form>
  );
}
