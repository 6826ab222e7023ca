import { ORGANISATION_TYPES } from '@knooppunt/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { LABELS } from '@/lib/texts';
import type { FilterDraft } from '@/lib/use-filter-draft';

export function OrganisationFilters({ draft }: { draft: FilterDraft<{ organisatie: string; type: string }> }) {
  return (
    <FilterBar onSubmit={draft.submit} onReset={draft.reset}>
      <TextField
        label={LABELS.organisaties.organisatie}
        value={draft.values.organisatie}
        onChange={(event) => draft.setValue('organisatie', event.target.value)}
        sx={{ width: 280 }}
      />
      <TextField
        select
        label={LABELS.organisaties.type}
        value={draft.values.type}
        onChange={(event) => draft.setValue('type', event.target.value)}
        sx={{ width: 240 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{LABELS.common.all}</MenuItem>
        {ORGANISATION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
    </FilterBar>
  );
}
