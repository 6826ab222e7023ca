import { SEARCH_DEBOUNCE_MS } from '@knooppunt/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { LABELS } from '@/lib/texts';
import { suggestsFor, useAutosuggest, type AutosuggestOption } from '../api/autosuggest';
import { useDebouncedValue } from './use-debounced-value';

interface FilterOverzichtProps {
  /** The text in the field. */
  text: string;
  onTextChange: (text: string) => void;
  /** A suggestion was chosen (or Enter pressed on a text): filter on it at once. */
  onChoose: (text: string) => void;
}

const NO_OPTIONS: AutosuggestOption[] = [];

/** 'Filter overzicht' (spec 001 §2.7, §5): suggestions of e-mail addresses and organisations, debounced. */
export function FilterOverzicht({ text, onTextChange, onChoose }: FilterOverzichtProps) {
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useAutosuggest(debounced);
  const options = suggestsFor(debounced) && suggestsFor(text) ? (data ?? NO_OPTIONS) : NO_OPTIONS;

  return (
    <Autocomplete<AutosuggestOption, false, false, true>
      freeSolo
      options={options}
      // The server already matched; the typed text may differ from the option in case.
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.v)}
      getOptionKey={(option) => (typeof option === 'string' ? option : `${option.k}:${option.v}`)}
      loading={isFetching}
      inputValue={text}
      onInputChange={(_event, value) => onTextChange(value)}
      onChange={(_event, option) => onChoose(typeof option === 'string' ? option : (option?.v ?? ''))}
      sx={{ width: 320 }}
      renderInput={(params) => <TextField {...params} label={LABELS.gebruikers.filterOverzicht} />}
    />
  );
}
