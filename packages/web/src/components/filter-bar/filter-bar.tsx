import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import SearchIcon from '@mui/icons-material/Search';
import type { ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

interface FilterBarProps {
  /** 'Zoeken', or Enter in one of the fields. */
  onSubmit: () => void;
  onReset: () => void;
  /** The filter fields, laid out in one wrapping row. */
  children: ReactNode;
}

/** The filter row above a list. A real form, so Enter in a text field searches. */
export function FilterBar({ onSubmit, onReset, children }: FilterBarProps) {
  return (
    <Stack
      component="form"
      role="search"
      direction="row"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 2 }}
    >
      {children}
      <Stack direction="row" sx={{ gap: 1, ml: 'auto' }}>
        <Button type="button" onClick={onReset}>
          {LABELS.common.reset}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {LABELS.common.search}
        </Button>
      </Stack>
    </Stack>
  );
}
