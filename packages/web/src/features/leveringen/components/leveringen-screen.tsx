import {
  LEVERING_ERROR_STATUS,
  PAGE_SIZE,
  TITLES,
  type LeveringView,
  LEVERINGEN_SCREEN_TITLE,
} from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterSwitch, FilterTextField } from '@/components/filter-bar/filter-fields';
import { Page } from '@/components/page/page';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { searchBodyOf, useListParams } from '@/lib/use-list-params';
import { LEVERING_SORT_FIELDS, useSearchLeveringen } from '../api/search-leveringen';

// The error-only toggle is `status=error` in the URL and in the search (spec 000 §7).
const FILTER_DEFAULTS = { opdrachtgever: '', opdrachtnemer: '', opdrachtId: '', status: '' };

/** The columns of spec 000 §2 'Overzicht van leveringen'; sortable on created and changed. */
const COLUMNS: readonly DataTableColumn<LeveringView>[] = [
  { id: 'opdrachtId', label: LABELS.monitoring.opdrachtId, render: (row) => row.opdrachtId },
  { id: 'leveringId', label: LABELS.leveringen.leveringId, render: (row) => row.leveringId },
  {
    id: 'opdrachtgever',
    label: LABELS.monitoring.opdrachtgever,
    truncate: TRUNCATE.party,
    render: (row) => row.opdrachtgever,
  },
  {
    id: 'opdrachtnemer',
    label: LABELS.monitoring.opdrachtnemer,
    truncate: TRUNCATE.party,
    render: (row) => row.opdrachtnemer,
  },
  { id: 'status', label: LABELS.monitoring.status, width: 112, render: (row) => row.statusText },
  { id: 'bericht', label: LABELS.leveringen.bericht, truncate: TRUNCATE.type, render: (row) => row.messageType },
  { id: 'type', label: LABELS.monitoring.type, truncate: TRUNCATE.type, render: (row) => row.type },
  {
    id: 'created',
    label: LABELS.monitoring.created,
    sortable: true,
    render: (row) => <DateTimeCell value={row.created} />,
  },
  {
    id: 'changed',
    label: LABELS.monitoring.changed,
    sortable: true,
    render: (row) => <DateTimeCell value={row.changed} />,
  },
];

/** 'Overzicht van leveringen' (spec 000 §2): the Hoofdnet deliveries, /hoofdnet/leveringen. */
export function LeveringenScreen() {
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: LEVERING_SORT_FIELDS,
    defaultSort: { sortBy: 'changed', sortDirection: 'desc' },
    pageSize: PAGE_SIZE.leveringen,
  });
  const search = useSearchLeveringen(searchBodyOf(list));
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });

  return (
    <Page title={LEVERINGEN_SCREEN_TITLE}>
      <Paper variant="outlined">
        <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
          <FilterTextField draft={filters} name="opdrachtgever" label={LABELS.monitoring.opdrachtgever} />
          <FilterTextField draft={filters} name="opdrachtnemer" label={LABELS.monitoring.opdrachtnemer} />
          <FilterTextField draft={filters} name="opdrachtId" label={LABELS.monitoring.opdrachtId} />
          <FilterSwitch
            draft={filters}
            name="status"
            label={LABELS.monitoring.errorOnly}
            onValue={LEVERING_ERROR_STATUS}
          />
        </FilterBar>
        <Divider />
        <DataTable
          list={list}
          query={search}
          label={TITLES.leveringen}
          columns={COLUMNS}
          getRowId={(levering) => `${levering.opdrachtId}/${levering.leveringId}`}
        />
      </Paper>
    </Page>
  );
}
