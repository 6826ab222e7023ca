import { SEARCH_DEBOUNCE_MS } from '@knooppunt/domain';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useEffectEvent, useState } from 'react';
import { LABELS } from '@/lib/texts';

interface ConfigSearchProps {
  /** The applied search (from the URL). */
  value: string;
  onSearch: (text: string) => void;
}

/** 'Zoeken' on participant: applied once typing has paused for SEARCH_DEBOUNCE_MS. */
export function ConfigSearch({ value, onSearch }: ConfigSearchProps) {
  const [draft, setDraft] = useState({ applied: value, text: value });
  // When the applied search changes from elsewhere (back button, a link) the field follows it.
  if (draft.applied !== value) setDraft({ applied: value, text: value });
  const apply = useEffectEvent((text: string) => onSearch(text));

  useEffect(() => {
    if (draft.text === value) return undefined;
    const timer = setTimeout(() => apply(draft.text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft.text, value]);

  return (
    <TextField
      label={LABELS.common.search}
      type="search"
      value={draft.text}
      onChange={(event) => setDraft({ applied: value, text: event.target.value })}
      sx={{ width: 320 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
