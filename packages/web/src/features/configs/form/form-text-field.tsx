import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import type { ConfigFormValues } from './config-form-values';

type TextFieldName = Exclude<FieldPath<ConfigFormValues>, 'useMtls' | 'urls' | 'view'>;

interface FormTextFieldProps extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> {
  control: Control<ConfigFormValues>;
  name: TextFieldName;
  /** Runs after the field's own blur handling, e.g. to check a rule that spans fields. */
  onBlurred?: () => void;
  /** Turns what is typed into what the field holds (spaces into underscores). */
  normalise?: (value: string) => string;
}

/** A text field of the configuration form: its error replaces the helper text once shown. */
export function FormTextField({ control, name, onBlurred, normalise, helperText, ...props }: FormTextFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={(event) => field.onChange(normalise ? normalise(event.target.value) : event.target.value)}
          onBlur={() => {
            field.onBlur();
            onBlurred?.();
          }}
          fullWidth
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
