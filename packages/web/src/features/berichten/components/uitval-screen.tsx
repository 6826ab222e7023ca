import { PAGE_SIZE, TITLES, messageTypesOf, type Flow, FLOW_SCREEN_TITLES } from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterMultiSelect, FilterSelect, FilterTextField } from '@/components/filter-bar/filter-fields';
import { NamensGate } from '@/components/namens-select/namens-gate';
import { Page } from '@/components/page/page';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { useMonitoringValuelist } from '../api/get-monitoring-valuelist';
import { MESSAGE_SORT_FIELDS, useSearchMessages } from '../api/search-messages';
import { messageSearchBody } from './message-search-body';
import { BulkResendButton, BulkResendProgress, useBulkResend } from './bulk-resend';
import { MessageTable } from './message-table';

// Spec 001 §2.6 lists sender, type and order; the receiver is added (decision 0036) so that an alert
// mail and the Overzicht can open the uitval of one receiver.
const FILTER_DEFAULTS = { sender: '', receiver: '', type: [] as string[], opdrachtId: '' };

/**
 * 'Uitval' of one flow (spec 001 §2.6): /uitval and /hoofdnet/uitval, the messages whose delivery
 * failed. An implementation partner's user handles those of the participant chosen under 'Namens'
 * (decision 0041).
 */
export function UitvalScreen({ flow }: { flow: Flow }) {
  return (
    <NamensGate title={FLOW_SCREEN_TITLES.uitval[flow]} texts={LABELS.actingFor.uitval}>
      {(namensSelect) => <UitvalPage flow={flow} namensSelect={namensSelect} />}
    </NamensGate>
  );
}

function UitvalPage({ flow, namensSelect }: { flow: Flow; namensSelect: ReactNode }) {
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: MESSAGE_SORT_FIELDS,
    defaultSort: { sortBy: 'opdrachtId', sortDirection: 'asc' },
    pageSize: PAGE_SIZE.uitval,
  });
  // One body for the list and 'Alles opnieuw versturen': the same filters, never rebuilt.
  const body = messageSearchBody(flow, list, { uitval: true });
  const search = useSearchMessages(body);
  const bulk = useBulkResend(body);
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });
  const { data: parties } = useMonitoringValuelist(flow);

  return (
    <Page title={FLOW_SCREEN_TITLES.uitval[flow]} actions={<BulkResendButton bulk={bulk} />}>
      {namensSelect}
      <BulkResendProgress bulk={bulk} />
      <Paper variant="outlined">
        <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
          <FilterSelect
            draft={filters}
            name="sender"
            label={LABELS.berichten.sender}
            options={parties?.senders ?? []}
          />
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
