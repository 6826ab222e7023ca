import { PAGE_SIZE, TITLES, type Version } from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { Page } from '@/components/page/page';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { useLookup } from '../api/get-lookup';
import { RESULT_SORT_FIELDS, rowKey, scenarioPath, useSearchPublished, type ResultRow } from '../api/search-published';
import { formatVersionRef, olderAndNewer, parseVersionRef, refOf, type VersionRef } from '../api/version-ref';
import { resultColumns } from './result-columns';
import { VersionChoice } from './version-choice';

const FILTER_DEFAULTS = { discipline: '' };
// The chosen versions live in the URL beside the list's own state, so going back to the list keeps them.
const SELECTED = 'versie';
const COMPARED = 'vergelijk';

function useVersionSelection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = parseVersionRef(searchParams.get(SELECTED));
  const compared = selected && parseVersionRef(searchParams.get(COMPARED));
  const set = (name: string, version: Version | undefined) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (version) next.set(name, formatVersionRef(refOf(version)));
      else next.delete(name);
      // Without a selected version there is nothing to compare it with.
      if (name === SELECTED && !version) next.delete(COMPARED);
      next.delete('page');
      return next;
    });
  return {
    selected,
    compared,
    select: (version: Version | undefined) => set(SELECTED, version),
    compare: (version: Version | undefined) => set(COMPARED, version),
  };
}

/** 'Overzicht van alle scenario's': one published version's scenarios, or two versions compared (spec 001 §2.3). */
export function ZoekenScreen() {
  const { data: lookup } = useLookup();
  const { selected, compared, select, compare } = useVersionSelection();
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: RESULT_SORT_FIELDS,
    defaultSort: { sortBy: 'omschrijving', sortDirection: 'asc' },
    pageSize: PAGE_SIZE.zoeken,
  });
  // Older against newer, whichever was chosen first (decision 0030).
  const order = selected && compared ? olderAndNewer(selected, compared) : undefined;
  const search = useSearchPublished({
    version: order?.newer ?? selected,
    compared: order?.older,
    discipline: list.filters.discipline,
    skip: list.skip,
    limit: list.limit,
    sortBy: list.sortBy,
    sortDirection: list.sortDirection,
  });
  const filters = useFilterDraft(list, { onRefresh: () => selected && void search.refetch() });

  const link = (row: ResultRow) => ({ to: scenarioPath(row) });
  const ageOf = (ref: VersionRef | undefined) =>
    order && ref ? (ref === order.newer ? LABELS.zoeken.newer : LABELS.zoeken.older) : undefined;
  const sameAs = (ref: VersionRef) => ({ berichtVersie: ref.berichtVersie, netbeheerder: ref.netbeheerder });

  return (
    <Page title={TITLES.zoeken}>
      <Paper variant="outlined">
        <Stack direction="row" sx={{ gap: 3, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <VersionChoice
            label={LABELS.zoeken.selectVersion}
            icon={<ListAltIcon />}
            role={LABELS.zoeken.selected}
            age={ageOf(selected)}
            value={selected}
            lookup={lookup}
            onChange={select}
          />
          {selected && (
            <VersionChoice
              label={LABELS.zoeken.compareVersion}
              icon={<CompareArrowsIcon />}
              role={LABELS.zoeken.compared}
              age={ageOf(compared)}
              value={compared}
              lookup={lookup}
              initialFilters={sameAs(selected)}
              onChange={compare}
            />
          )}
        </Stack>
        <Divider />
        <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
          <TextField
            select
            label={LABELS.zoeken.discipline}
            value={filters.values.discipline}
            onChange={(event) => filters.setValue('discipline', event.target.value)}
            sx={{ width: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{LABELS.common.all}</MenuItem>
            {(lookup?.disciplines ?? []).map((discipline) => (
              <MenuItem key={discipline} value={discipline}>
                {discipline}
              </MenuItem>
            ))}
          </TextField>
        </FilterBar>
        <Divider />
        {selected ? (
          <DataTable
            list={list}
            query={search}
            label={TITLES.zoeken}
            columns={resultColumns(compared !== undefined)}
            getRowId={rowKey}
            getRowLink={link}
            wrapHeaders
          />
        ) : (
          <Typography sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
            {LABELS.zoeken.nothingSelected}
          </Typography>
        )}
      </Paper>
    </Page>
  );
}
