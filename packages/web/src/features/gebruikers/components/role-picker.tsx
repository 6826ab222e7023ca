import type { RoleGroup } from '@knooppunt/domain';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LABELS } from '@/lib/texts';
import type { FieldErrors, RoleChoice } from './user-roles';

interface RolePickerProps {
  /** The role group of the organisation's type: the roles on offer. */
  group: RoleGroup;
  value: RoleChoice;
  onChange: (value: RoleChoice) => void;
  errors: FieldErrors<keyof RoleChoice>;
  /** Until the user has touched a field, its error is not shown. */
  showErrors: boolean;
}

/**
 * The main role and the optional roles of one organisation type's group (spec 001 §5, §6).
 * Optional roles can be chosen only once a main role is, when the group has main roles.
 */
export function RolePicker({ group, value, onChange, errors, showErrors }: RolePickerProps) {
  const hasMainRoles = group.roles.length > 0;
  const optionalDisabled = hasMainRoles && !value.role;
  return (
    <>
      {hasMainRoles && (
        <TextField
          select
          label={LABELS.gebruikers.role}
          required
          fullWidth
          value={value.role}
          // Without a main role the optional roles are not available, so they go with it.
          onChange={(event) =>
            onChange({ role: event.target.value, optionalRoles: event.target.value ? value.optionalRoles : [] })
          }
          error={showErrors && !!errors.role}
          helperText={showErrors ? errors.role : undefined}
        >
          {group.roles.map((role) => (
            <MenuItem key={role} value={role}>
              {role}
            </MenuItem>
          ))}
        </TextField>
      )}
      {group.optionalRoles.length > 0 && (
        <TextField
          select
          label={LABELS.gebruikers.optionalRoles}
          required={!hasMainRoles}
          fullWidth
          disabled={optionalDisabled}
          value={value.optionalRoles}
          onChange={(event) => {
            const selected = event.target.value as unknown as string[] | string;
            onChange({ ...value, optionalRoles: typeof selected === 'string' ? selected.split(',') : selected });
          }}
          error={showErrors && !!errors.optionalRoles}
          helperText={
            optionalDisabled ? LABELS.gebruikers.optionalRolesHelper : showErrors ? errors.optionalRoles : undefined
          }
          slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).join(', ') } }}
        >
          {group.optionalRoles.map((role) => (
            <MenuItem key={role} value={role} dense>
              <Checkbox size="small" checked={value.optionalRoles.includes(role)} sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={role} />
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
