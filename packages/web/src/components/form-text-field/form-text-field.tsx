import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormTextFieldProps<T extends FieldValues> extends Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> {
  control: Control<T>;
  /** A field holding text (or one choice of a `select`). */
  name: FieldPath<T>;
  /** Runs after the field's own blur handling, e.g. to check a rule that spans fields. */
  onBlurred?: () => void;
  /** Turns what is typed into what the field holds (spaces into underscores). */
  normalise?: (value: string) => string;
}

/**
 * A text field of a react-hook-form form, full width: its validation error replaces the helper
 * text once shown, unless the field is disabled (the user cannot fix it there). Takes TextField's
 * props, including `select` with its options as children.
 */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { control, name, onBlurred, normalise, helperText, ...rest } = props;
  const shown = (error: string | undefined) => (rest.disabled ? undefined : error);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(normalise ? normalise(event.target.value) : event.target.value)}
          onBlur={() => {
            field.onBlur();
            onBlurred?.();
          }}
          fullWidth
          error={!rest.disabled && fieldState.invalid}
          helperText={shown(fieldState.error?.message) ?? helperText}
        />
      )}
    />
  );
}
