import { PAGE_SIZE, TITLES, messageTypesOf, type Flow, FLOW_SCREEN_TITLES } from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterMultiSelect, FilterSelect, FilterTextField } from '@/components/filter-bar/filter-fields';
import { Page } from '@/components/page/page';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { useMonitoringValuelist } from '../api/get-monitoring-valuelist';
import { MESSAGE_SORT_FIELDS, useSearchMessages } from '../api/search-messages';
import { messageSearchBody } from './message-search-body';
import { MessageTable } from './message-table';

const FILTER_DEFAULTS = { sender: '', receiver: '', type: [] as string[], opdrachtId: '' };

/** 'Uitval' of one flow (spec 001 §2.6): /uitval and /hoofdnet/uitval, the messages whose delivery failed. */
export function UitvalScreen({ flow }: { flow: Flow }) {
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: MESSAGE_SORT_FIELDS,
    defaultSort: { sortBy: 'opdrachtId', sortDirection: 'asc' },
    pageSize: PAGE_SIZE.uitval,
  });
  const search = useSearchMessages(messageSearchBody(flow, list, { uitval: true }));
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });
  const { data: parties } = useMonitoringValuelist(flow);

  return (
    <Page title={FLOW_SCREEN_TITLES.uitval[flow]}>
      <Paper variant="outlined">
        <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
          <FilterSelect
            draft={filters}
            name="sender"
            label={LABELS.berichten.sender}
            options={parties?.senders ?? []}
          />
          {/* The Overzicht (and a failure alert) opens Uitval filtered on a receiver (decision 0036). */}
          <FilterSelect
            draft={filters}
            name="receiver"
            label={LABELS.berichten.receiver}
            options={parties?.receivers ?? []}
          />
          <FilterMultiSelect
            draft={filters}
            name="type"
            label={LABELS.berichten.type}
            options={Object.keys(messageTypesOf(flow))}
          />
          <FilterTextField draft={filters} name="opdrachtId" label={LABELS.monitoring.opdrachtId} />
        </FilterBar>
        <Divider />
        <MessageTable flow={flow} label={TITLES.uitval} list={list} query={search} variant="uitval" />
      </Paper>
    </Page>
  );
}
