import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { LABELS } from '@/lib/texts';

interface NamensFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  netbeheerders: readonly string[];
  autoFocus?: boolean;
}

/**
 * The required 'Netbeheerder' select of the rules dialogs (new scenario, copy, value list,
 * publish): the netbeheerder a super-role user acts for (decision 0029). Shown to such users only;
 * a netbeheerder's own staff act for their own organisation.
 */
export function NamensField<T extends FieldValues>({ control, name, netbeheerders, autoFocus }: NamensFieldProps<T>) {
  return (
    <FormTextField
      control={control}
      name={name}
      select
      required
      autoFocus={autoFocus}
      label={LABELS.namens.label}
      helperText={LABELS.namens.helper}
    >
      {netbeheerders.map((netbeheerder) => (
        <MenuItem key={netbeheerder} value={netbeheerder}>
          {netbeheerder}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
