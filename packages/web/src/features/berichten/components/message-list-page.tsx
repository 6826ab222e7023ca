import { FLOW_SCREEN_TITLES, PAGE_SIZE, TITLES, messageTypesOf, type Flow } from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterMultiSelect, FilterSelect, FilterTextField } from '@/components/filter-bar/filter-fields';
import { Page } from '@/components/page/page';
import { LABELS } from '@/lib/texts';
import { useFilterDraft, type FilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { useMonitoringValuelist } from '../api/get-monitoring-valuelist';
import { MESSAGE_SORT_FIELDS, useSearchMessages, type MessageSortField } from '../api/search-messages';
import { BulkResendButton, BulkResendProgress, useBulkResend } from './bulk-resend';
import { messageSearchBody } from './message-search-body';
import { MessageTable } from './message-table';

/**
 * The filters of both message lists: sender, type and order (spec 000 §7, spec 001 §2.6), and the
 * receiver, which Uitval has too so that an alert mail and the Overzicht can open the uitval of one
 * receiver (decision 0036).
 */
export const MESSAGE_FILTER_DEFAULTS = { sender: '', receiver: '', type: [] as string[], opdrachtId: '' };
type MessageFilters = typeof MESSAGE_FILTER_DEFAULTS;

type Variant = 'berichten' | 'uitval';

/** Berichten sort on the next attempt (spec 000 §9), Uitval on the order (spec 001 §9). */
const DEFAULT_SORT: Record<Variant, MessageSortField> = { berichten: 'nextAttempt', uitval: 'opdrachtId' };

interface MessageListPageProps<F extends MessageFilters> {
  flow: Flow;
  /** Berichten: every message of the flow; Uitval: those in error (`isInError`). */
  variant: Variant;
  /** The list's filters: the shared ones and its own. Defined outside the component (it keys the URL's filters). */
  filterDefaults: F;
  /** Above the list, under the heading: Uitval's 'Namens' choice. */
  above?: ReactNode;
  /** The list's own filter fields, after the shared ones. */
  ownFilters?: (draft: FilterDraft<F>) => ReactNode;
}

/**
 * A message list of one flow: Berichten and Uitval. One search body for the list and 'Alles
 * opnieuw versturen': the same filters, never rebuilt.
 */
export function MessageListPage<F extends MessageFilters>({
  flow,
  variant,
  filterDefaults,
  above,
  ownFilters,
}: MessageListPageProps<F>) {
  const list = useListParams({
    filterDefaults,
    sortFields: MESSAGE_SORT_FIELDS,
    defaultSort: { sortBy: DEFAULT_SORT[variant], sortDirection: 'asc' },
    pageSize: PAGE_SIZE[variant],
  });
  const body = messageSearchBody(flow, list, { uitval: variant === 'uitval' });
  const search = useSearchMessages(body);
  const bulk = useBulkResend(body);
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });
  const shared: FilterDraft<MessageFilters> = filters;
  const { data: parties } = useMonitoringValuelist(flow);

  return (
    <Page title={FLOW_SCREEN_TITLES[variant][flow]} actions={<BulkResendButton bulk={bulk} />}>
      {above}
      <BulkResendProgress bulk={bulk} />
      <Paper variant="outlined">
        <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
          <FilterSelect draft={shared} name="sender" label={LABELS.berichten.sender} options={parties?.senders ?? []} />
          <FilterSelect
            draft={shared}
            name="receiver"
            label={LABELS.berichten.receiver}
            options={parties?.receivers ?? []}
          />
          <FilterMultiSelect
            draft={shared}
            name="type"
            label={LABELS.berichten.type}
            options={Object.keys(messageTypesOf(flow))}
          />
          <FilterTextField draft={shared} name="opdrachtId" label={LABELS.monitoring.opdrachtId} />
          {ownFilters?.(filters)}
        </FilterBar>
        <Divider />
        <MessageTable flow={flow} label={TITLES[variant]} list={list} query={search} variant={variant} />
      </Paper>
    </Page>
  );
}
