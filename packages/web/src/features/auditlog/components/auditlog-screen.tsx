import {
  AUDIT_ACTION_LABELS,
  AUDIT_LOG_TEXTS,
  AUDIT_SUBJECT_LABELS,
  PAGE_SIZE,
  auditActionLabel,
  auditSubjectLabel,
  type AuditEntryView,
} from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterSelect, FilterTextField } from '@/components/filter-bar/filter-fields';
import { Page } from '@/components/page/page';
import { LABELS } from '@/lib/texts';
import { useFilterDraft, type FilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { AUDIT_SORT_FIELDS, useSearchAudit } from '../api/search-audit';
import { AuditPanel } from './audit-panel';
import { AUDIT_FILTER_DEFAULTS, auditSearchBody, type AuditFilters } from './audit-search-body';

const T = LABELS.auditlog;

/**
 * At 1280 px every column shows whole (issue 29: Actie and Onderwerp were cut while Wanneer took a
 * quarter of the width): Wanneer has the width of its date and time, Wie is cut as every list cuts
 * an e-mail address, Actie's words are never cut, and Onderwerp takes the rest and wraps a long id
 * (an e-mail address, a message id) rather than hiding its end.
 */
const COLUMNS: readonly DataTableColumn<AuditEntryView>[] = [
  { id: 'at', label: T.wanneer, sortable: true, width: 168, render: (row) => <DateTimeCell value={row.at} /> },
  {
    id: 'actor',
    label: T.wie,
    truncate: TRUNCATE.email,
    render: (row) => (row.actingFor ? `${row.actor} (${T.namens(row.actingFor)})` : row.actor),
  },
  // The row's button: its name (action and subject) starts with the text it shows (WCAG 2.5.3).
  { id: 'action', label: T.actie, main: true, render: (row) => auditActionLabel(row.action) },
  {
    id: 'subject',
    label: T.onderwerp,
    render: (row) => (
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {T.subject(auditSubjectLabel(row.subjectType), row.subjectId)}
      </Box>
    ),
  },
];

/** The filters' choices in alphabetical order of their words. */
const byLabel = (labels: Readonly<Record<string, string>>) =>
  Object.keys(labels).sort((a, b) => labels[a]!.localeCompare(labels[b]!, 'nl'));
const ACTIONS = byLabel(AUDIT_ACTION_LABELS);
const SUBJECT_TYPES = byLabel(AUDIT_SUBJECT_LABELS);

/** A day of the period: the browser's date picker; applied with the other filters on 'Zoeken'. */
function DayField({ draft, name, label }: { draft: FilterDraft<AuditFilters>; name: 'from' | 'to'; label: string }) {
  return (
    <TextField
      type="date"
      label={label}
      value={draft.values[name]}
      onChange={(event) => draft.setValue(name, event.target.value)}
      sx={{ width: 150 }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** 'Auditlog' (decision 0033): every audited change, newest first, for the super role. */
export function AuditlogScreen() {
  const list = useListParams({
    filterDefaults: AUDIT_FILTER_DEFAULTS,
    sortFields: AUDIT_SORT_FIELDS,
    defaultSort: { sortBy: 'at', sortDirection: 'desc' },
    pageSize: PAGE_SIZE.auditlog,
  });
  const search = useSearchAudit(auditSearchBody(list));
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });
  const [openId, setOpenId] = useState<string>();
  const open = search.data?.items.find((entry) => entry.id === openId);

  return (
    <Page title={AUDIT_LOG_TEXTS.title}>
      <Paper variant="outlined">
        <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
          <FilterTextField draft={filters} name="actor" label={T.actor} width={200} />
          <FilterSelect
            draft={filters}
            name="action"
            label={T.action}
            width={210}
            options={ACTIONS}
            optionLabel={auditActionLabel}
          />
          <FilterSelect
            draft={filters}
            name="subjectType"
            label={T.subjectType}
            width={150}
            options={SUBJECT_TYPES}
            optionLabel={auditSubjectLabel}
          />
          <FilterTextField draft={filters} name="subjectId" label={T.subjectId} width={150} />
          <DayField draft={filters} name="from" label={T.from} />
          <DayField draft={filters} name="to" label={T.to} />
        </FilterBar>
        <Divider />
        <DataTable
          list={list}
          query={search}
          label={AUDIT_LOG_TEXTS.title}
          columns={COLUMNS}
          getRowId={(entry) => entry.id}
          getRowLabel={(entry) => T.panelTitle(auditActionLabel(entry.action), entry.subjectId)}
          onRowClick={(entry) => setOpenId(entry.id)}
        />
      </Paper>
      <AuditPanel entry={open} onClose={() => setOpenId(undefined)} />
    </Page>
  );
}
