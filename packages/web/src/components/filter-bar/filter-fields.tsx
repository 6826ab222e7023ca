import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { LABELS } from '@/lib/texts';
import type { FilterDraft } from '@/lib/use-filter-draft';
import type { FilterValues } from '@/lib/use-list-params';

/** The names of the filters that hold one text, and of those that hold a list. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;
type ListKey<F> = { [K in keyof F]: F[K] extends string[] ? K : never }[keyof F] & string;

interface FieldProps<F extends FilterValues, K> {
  draft: FilterDraft<F>;
  name: K;
  label: string;
  width?: number;
}

/** A text filter: applied with the others on 'Zoeken' or Enter (the filter bar is a form). */
export function FilterTextField<F extends FilterValues>(props: FieldProps<F, TextKey<F>>) {
  const { draft, name, label, width = 220 } = props;
  return (
    <TextField
      label={label}
      value={draft.values[name]}
      onChange={(event) => draft.setValue(name, event.target.value as F[typeof name])}
      sx={{ width }}
    />
  );
}

/** A choice of one value or 'Alle' (the empty value); applied at once. */
export function FilterSelect<F extends FilterValues>(
  props: FieldProps<F, TextKey<F>> & {
    options: readonly string[];
    allOption?: boolean;
    /** The words shown for a value (the value itself by default). */
    optionLabel?: (option: string) => string;
  },
) {
  const { draft, name, label, width = 220, options, allOption = true, optionLabel = (option) => option } = props;
  const value = draft.values[name] as string;
  // A value from the URL stays choosable while its list loads, or when the list no longer has it.
  const choices = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => draft.apply(name, event.target.value as F[typeof name])}
      sx={{ width }}
      slotProps={{ select: { displayEmpty: allOption }, inputLabel: { shrink: true } }}
    >
      {allOption && <MenuItem value="">{LABELS.common.all}</MenuItem>}
      {choices.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A choice of any number of values, none meaning all; applied at once. */
export function FilterMultiSelect<F extends FilterValues>(
  props: FieldProps<F, ListKey<F>> & { options: readonly string[] },
) {
  const { draft, name, label, width = 260, options } = props;
  const selected = draft.values[name] as string[];
  return (
    <TextField
      select
      label={label}
      value={selected}
      onChange={(event) => {
        const value = event.target.value as unknown as string[] | string;
        draft.apply(name, (typeof value === 'string' ? value.split(',') : value) as F[typeof name]);
      }}
      sx={{ width }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (value) => ((value as string[]).length ? (value as string[]).join(', ') : LABELS.common.all),
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option} dense>
          <Checkbox size="small" checked={selected.includes(option)} sx={{ p: 0, mr: 1 }} />
          <ListItemText primary={option} />
        </MenuItem>
      ))}
    </TextField>
  );
}

type ToggleProps<F extends FilterValues> = Omit<FieldProps<F, TextKey<F>>, 'width'> & { onValue: string };

/** A toggle that filters on `onValue` when on and on nothing when off; applied at once. */
export function FilterSwitch<F extends FilterValues>(props: ToggleProps<F>) {
  return <FormControlLabel label={props.label} control={<Switch {...toggled(props)} />} />;
}

/** A checkbox that filters on `onValue` when ticked and on nothing when not; applied at once. */
export function FilterCheckbox<F extends FilterValues>(props: ToggleProps<F>) {
  return <FormControlLabel label={props.label} control={<Checkbox {...toggled(props)} />} />;
}

function toggled<F extends FilterValues>({ draft, name, onValue }: ToggleProps<F>) {
  return {
    checked: draft.values[name] === onValue,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      draft.apply(name, (event.target.checked ? onValue : '') as F[typeof name]),
  };
}
