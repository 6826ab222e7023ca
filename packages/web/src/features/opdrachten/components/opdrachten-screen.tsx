import {
  DEFAULT_OPDRACHT_STATUS_FILTER,
  OPDRACHT_STATUS_FILTERS,
  PAGE_SIZE,
  TITLES,
  isCancellable,
  type Flow,
  type OpdrachtView,
  FLOW_SCREEN_TITLES,
} from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterCheckbox, FilterSelect, FilterTextField } from '@/components/filter-bar/filter-fields';
import { Page } from '@/components/page/page';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { searchBodyOf, useListParams, type ListParams } from '@/lib/use-list-params';
import { OPDRACHT_SORT_FIELDS, useSearchOpdrachten, type OpdrachtSortField } from '../api/search-opdrachten';
import { opdrachtColumns } from './opdracht-columns';
import { OpdrachtHistoryPanel } from './opdracht-history-panel';
import { useCancelOpdracht } from './use-cancel-opdracht';

// The status is sent also at its default: the server's own default is Alle, the screen's Open.
const FILTER_DEFAULTS = {
  opdrachtgever: '',
  opdrachtnemer: '',
  status: DEFAULT_OPDRACHT_STATUS_FILTER as string,
  opdrachtId: '',
  termijnVerlopen: '',
};
/** The URL's `termijnVerlopen=true`; the server takes the filter as a boolean. */
const TERMIJN_VERLOPEN = 'true';

const PAGE_SIZES: Record<Flow, number> = { aansluiting: PAGE_SIZE.opdrachten, hoofdnet: PAGE_SIZE.hoofdnetOpdrachten };

/**
 * 'Overzicht van opdrachten' of one flow (spec 000 §2): /opdrachten (with the manual cancel) and
 * /hoofdnet/opdrachten. A row opens the order's history in the side panel (decision 0059).
 */
export function OpdrachtenScreen({ flow }: { flow: Flow }) {
  const { canCancelOpdracht } = usePermissions();
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: OPDRACHT_SORT_FIELDS,
    defaultSort: { sortBy: 'changed', sortDirection: 'desc' },
    pageSize: PAGE_SIZES[flow],
  });
  const search = useSearchOpdrachten(flow, searchBodyOfOpdrachten(list));
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });
  const cancel = useCancelOpdracht();
  const [historie, setHistorie] = useState<string>();

  // Hoofdnet orders have no manual cancel; Aansluiting offers it with the right, on a status that allows it.
  const offersCancel = flow === 'aansluiting' && canCancelOpdracht;
  const columns = opdrachtColumns({
    flow,
    ...(offersCancel && {
      renderActions: (opdracht: OpdrachtView) =>
        isCancellable(opdracht.status) && (
          <Tooltip title={LABELS.opdrachten.cancel}>
            <IconButton
              size="small"
              aria-label={LABELS.common.forRow(LABELS.opdrachten.cancel, opdracht.opdrachtId)}
              onClick={() => cancel.ask(opdracht)}
            >
              <BlockIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    }),
  });

  return (
    <Page title={FLOW_SCREEN_TITLES.opdrachten[flow]}>
      <Paper variant="outlined">
        <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
          <FilterTextField draft={filters} name="opdrachtgever" label={LABELS.monitoring.opdrachtgever} />
          <FilterTextField draft={filters} name="opdrachtnemer" label={LABELS.monitoring.opdrachtnemer} />
          <FilterSelect
            draft={filters}
            name="status"
            label={LABELS.monitoring.status}
            options={OPDRACHT_STATUS_FILTERS}
            allOption={false}
            width={160}
          />
          <FilterTextField draft={filters} name="opdrachtId" label={LABELS.monitoring.opdrachtId} />
          <FilterCheckbox
            draft={filters}
            name="termijnVerlopen"
            label={LABELS.opdrachten.alleenTermijnVerlopen}
            onValue={TERMIJN_VERLOPEN}
          />
        </FilterBar>
        <Divider />
        <DataTable
          list={list}
          query={search}
          label={TITLES.opdrachten}
          columns={columns}
          getRowId={(opdracht) => opdracht.opdrachtId}
          onRowClick={(opdracht) => setHistorie(opdracht.opdrachtId)}
          getRowLabel={(opdracht) => LABELS.opdrachten.historie.title(opdracht.opdrachtId)}
        />
      </Paper>
      <OpdrachtHistoryPanel opdrachtId={historie} onClose={() => setHistorie(undefined)} />
      {cancel.confirmDialog}
    </Page>
  );
}

/** The list's search, with 'Alleen termijn verlopen' as the boolean the server takes (decision 0063). */
function searchBodyOfOpdrachten(list: ListParams<typeof FILTER_DEFAULTS, OpdrachtSortField>) {
  const body = searchBodyOf(list);
  return {
    ...body,
    filters: body.filters.map((filter) =>
      filter.name === 'termijnVerlopen' ? { name: filter.name, value: filter.value === TERMIJN_VERLOPEN } : filter,
    ),
  };
}
