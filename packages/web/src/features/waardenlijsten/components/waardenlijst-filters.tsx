import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterSelect } from '@/components/filter-bar/filter-fields';
import { LABELS } from '@/lib/texts';
import type { FilterDraft } from '@/lib/use-filter-draft';
import { useLookup } from '../api/get-lookup';

type Filters = { netbeheerder: string; discipline: string };

/** Netbeheerder and Discipline, chosen from the reference data; a choice applies at once. */
export function WaardenlijstFilters({ draft }: { draft: FilterDraft<Filters> }) {
  const { data: lookup } = useLookup();
  return (
    <FilterBar onSubmit={draft.submit} onReset={draft.reset}>
      <FilterSelect
        draft={draft}
        name="netbeheerder"
        label={LABELS.waardenlijsten.netbeheerder}
        options={lookup?.netbeheerders ?? []}
        width={260}
      />
      <FilterSelect
        draft={draft}
        name="discipline"
        label={LABELS.waardenlijsten.discipline}
        options={lookup?.disciplines ?? []}
      />
    </FilterBar>
  );
}
