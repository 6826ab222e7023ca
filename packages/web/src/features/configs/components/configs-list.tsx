import {
  CONFIG_VERSIENUMMERS,
  PAGE_SIZE,
  TITLES,
  type ConfigListItem,
  type Flow,
  type Omgeving,
} from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { usePermissions } from '@/lib/auth/current-user';
import { searchBodyOf, useListParams } from '@/lib/use-list-params';
import { CONFIG_SORT_FIELDS, useSearchConfigs } from '../api/search-configs';
import { configColumns, draftRowSx } from './config-columns';
import { ConfigPanel } from './config-panel';
import { ConfigSearch } from './config-search';
import { ConnectionCheckDialog, useConnectionCheck } from './connection-check-dialog';
import { RowActions } from './row-actions';
import { SenderLimitDialog, type SenderLimitTarget } from './sender-limit-dialog';
import { SenderLogPanel } from './sender-log-panel';
import { useRowActions } from './use-row-actions';

const FILTER_DEFAULTS = { deelnemer: '' };

const rowId = (row: ConfigListItem) => `${row.deelnemer}/${row.versienummer}/${row.draft ? 'concept' : row.version}`;

/** The configurations of one flow in one environment, with what a row's actions open. */
export function ConfigsList({ flow, omgeving }: { flow: Flow; omgeving: Omgeving }) {
  const permissions = usePermissions();
  // In the test environment a participant activates its own configuration and runs its own
  // sender, which production leaves to the operator (decision 0038).
  const canCreateConfig = omgeving === 'test' ? permissions.canCreateDraft : permissions.canCreateConfig;
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: CONFIG_SORT_FIELDS,
    defaultSort: { sortBy: 'created', sortDirection: 'asc' },
    pageSize: PAGE_SIZE.configs,
  });
  const body = searchBodyOf(list);
  const versienummer = CONFIG_VERSIENUMMERS[flow][0] ?? '';
  const search = useSearchConfigs(omgeving, {
    ...body,
    filters: [...body.filters, { name: 'versienummer', value: versienummer }],
  });

  const [panelRow, setPanelRow] = useState<ConfigListItem>();
  const [logRow, setLogRow] = useState<ConfigListItem>();
  const [limitTarget, setLimitTarget] = useState<SenderLimitTarget>();
  const check = useConnectionCheck(omgeving);
  const actions = useRowActions(omgeving);

  const columns = configColumns({
    canCreateConfig,
    renderActions: (row) => (
      <RowActions
        row={row}
        canCreateConfig={canCreateConfig}
        busy={actions.busy(row)}
        checkConnection={check.start}
        useNewest={actions.useNewest}
        activateDraft={actions.activateDraft}
        setLimit={(row, limit) => setLimitTarget({ row, limit })}
        showLog={setLogRow}
        setRunning={actions.setRunning}
      />
    ),
  });

  return (
    <>
      <Paper variant="outlined">
        <Stack direction="row" role="search" sx={{ p: 2 }}>
          <ConfigSearch value={list.filters.deelnemer} onSearch={(text) => list.setFilters({ deelnemer: text })} />
        </Stack>
        <Divider />
        <DataTable
          list={list}
          query={search}
          label={TITLES.configs}
          columns={columns}
          getRowId={rowId}
          getRowSx={draftRowSx}
          onRowClick={setPanelRow}
        />
      </Paper>
      <ConfigPanel omgeving={omgeving} row={panelRow} onClose={() => setPanelRow(undefined)} />
      <SenderLogPanel omgeving={omgeving} row={logRow} onClose={() => setLogRow(undefined)} />
      <SenderLimitDialog omgeving={omgeving} target={limitTarget} onClose={() => setLimitTarget(undefined)} />
      <ConnectionCheckDialog {...check.dialog} />
      {actions.confirmDialog}
    </>
  );
}
