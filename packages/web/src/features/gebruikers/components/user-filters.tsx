import Chip from '@mui/material/Chip';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterSelect } from '@/components/filter-bar/filter-fields';
import { LABELS } from '@/lib/texts';
import type { FilterDraft } from '@/lib/use-filter-draft';
import { FilterOverzicht } from './filter-overzicht';

export const USER_FILTER_DEFAULTS = { organisatie: '', search: '', roles: '' };
export type UserFilterValues = typeof USER_FILTER_DEFAULTS;

interface UserFiltersProps {
  draft: FilterDraft<UserFilterValues>;
  organisations: readonly string[];
}

/** The organisation filter, 'Filter overzicht', and the role chosen in the tree (removable). */
export function UserFilters({ draft, organisations }: UserFiltersProps) {
  return (
    <FilterBar onSubmit={draft.submit} onReset={draft.reset}>
      <FilterSelect draft={draft} name="organisatie" label={LABELS.gebruikers.organisatie} options={organisations} />
      <FilterOverzicht
        text={draft.values.search}
        onTextChange={(text) => draft.setValue('search', text)}
        onChoose={(text) => draft.apply('search', text)}
      />
      {draft.values.roles && (
        <Chip
          label={`${LABELS.gebruikers.role}: ${draft.values.roles}`}
          onDelete={() => draft.apply('roles', '')}
          color="primary"
          variant="outlined"
        />
      )}
    </FilterBar>
  );
}
