import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { LABELS } from '@/lib/texts';
import type { FilterDraft } from '@/lib/use-filter-draft';

export interface ScenarioFilterValues extends Record<string, string> {
  berichtVersie: string;
  discipline: string;
  omschrijving: string;
}

interface ScenarioFiltersProps {
  draft: FilterDraft<ScenarioFilterValues>;
  berichtVersies: readonly string[];
  disciplines: readonly string[];
}

/**
 * Berichtversie, Discipline and the omschrijving: all wait for 'Zoeken' or Enter (spec 001 §4),
 * which without edits fetches the list again.
 */
export function ScenarioFilters({ draft, berichtVersies, disciplines }: ScenarioFiltersProps) {
  const choice = (name: 'berichtVersie' | 'discipline', label: string, options: readonly string[]) => (
    <TextField
      select
      label={label}
      value={draft.values[name]}
      onChange={(event) => draft.setValue(name, event.target.value)}
      sx={{ width: 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{LABELS.common.all}</MenuItem>
      {/* A value from the URL stays shown while the reference data loads. */}
      {(options.includes(draft.values[name]) || !draft.values[name] ? options : [draft.values[name], ...options]).map(
        (option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ),
      )}
    </TextField>
  );
  return (
    <FilterBar onSubmit={draft.submit} onReset={draft.reset}>
      {choice('berichtVersie', LABELS.scenarios.berichtVersie, berichtVersies)}
      {choice('discipline', LABELS.scenarios.discipline, disciplines)}
      <TextField
        label={LABELS.scenarios.omschrijving}
        value={draft.values.omschrijving}
        onChange={(event) => draft.setValue('omschrijving', event.target.value)}
        sx={{ width: 300 }}
      />
    </FilterBar>
  );
}
