import type { RoleOption } from '@knooppunt/domain';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LABELS } from '@/lib/texts';
import { chosenOption, hasMainRoles, type FieldErrors, type RoleChoice } from './user-roles';

interface RolePickerProps {
  /** The choices on offer for the organisation's type, as far as the signed-in user may grant them. */
  options: readonly RoleOption[];
  value: RoleChoice;
  onChange: (value: RoleChoice) => void;
  errors: FieldErrors<keyof RoleChoice>;
  /** Until the user has touched a field, its error is not shown. */
  showErrors: boolean;
}

/**
 * The main role and the optional roles of one organisation type's group (spec 001 §5, §6).
 * Optional roles can be chosen only once a main role is, when the group has main roles. For the
 * operator's own organisations the 'Rol' is 'Beheer ziet alles' (its group's optional roles),
 * 'Medewerker zonder superrol' (one or more staff roles, required) or 'geen' (decision 0014).
 */
export function RolePicker({ options, value, onChange, errors, showErrors }: RolePickerProps) {
  const main = hasMainRoles(options);
  const option = chosenOption(options, value);
  const withoutRole = !!option && option.role === undefined;
  const optionalRoles = option?.optionalRoles ?? [];
  const optionalShown = option ? optionalRoles.length > 0 : options.some((o) => o.optionalRoles.length > 0);
  return (
    <>
      {main && (
        <TextField
          select
          label={LABELS.gebruikers.role}
          required
          fullWidth
          value={value.role}
          // Roles chosen with the earlier role stay only where the new one offers them too.
          onChange={(event) => {
            const next = options.find((candidate) => candidate.label === event.target.value);
            onChange({
              role: event.target.value,
              optionalRoles: value.optionalRoles.filter((role) => next?.optionalRoles.includes(role)),
            });
          }}
          error={showErrors && !!errors.role}
          helperText={showErrors ? errors.role : undefined}
        >
          {options.map((candidate) => (
            <MenuItem key={candidate.label} value={candidate.label}>
              {candidate.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {optionalShown && (
        <TextField
          select
          label={withoutRole && main ? LABELS.gebruikers.staffRoles : LABELS.gebruikers.optionalRoles}
          required={withoutRole}
          fullWidth
          disabled={!option}
          value={value.optionalRoles}
          onChange={(event) => {
            const selected = event.target.value as unknown as string[] | string;
            onChange({ ...value, optionalRoles: typeof selected === 'string' ? selected.split(',') : selected });
          }}
          error={showErrors && !!errors.optionalRoles}
          helperText={!option ? LABELS.gebruikers.optionalRolesHelper : showErrors ? errors.optionalRoles : undefined}
          slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).join(', ') } }}
        >
          {optionalRoles.map((role) => (
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
