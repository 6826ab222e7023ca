import type { RunView } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterTextField } from '@/components/filter-bar/filter-fields';
import { Page } from '@/components/page/page';
import { usePermissions } from '@/lib/auth/current-user';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { useRuns } from '../api/get-runs';
import { useScenarios } from '../api/get-scenarios';
import { runColumns, scenarioOf } from './run-columns';
import { RunPanel } from './run-panel';
import { StartRunDialog } from './start-run-dialog';
import { TesttoolIntro } from './testtool-intro';
import { useOpenRun } from './use-open-run';

const T = LABELS.testtool;
const FILTER_DEFAULTS = { deelnemer: '' };
/** Not in the domain's PAGE_SIZE yet: the server answers the newest 100 runs, paged here. */
const RUNS_PAGE_SIZE = 25;

/**
 * 'Testtool' (issue 28): start a conformance run of one's own system against Knooppunt's
 * simulator, follow it and read its report. With 'Testtool Beheren' every participant's runs, and
 * a run for any of them.
 */
export function TesttoolScreen() {
  const { canManageTesttool } = usePermissions();
  const list = useListParams({ filterDefaults: FILTER_DEFAULTS, pageSize: RUNS_PAGE_SIZE });
  // Only who sees every participant's runs filters on one; for anyone else the URL's is ignored.
  const runs = useRuns(canManageTesttool ? list.filters.deelnemer.trim() : '');
  const filters = useFilterDraft(list, { onRefresh: () => void runs.refetch() });
  const scenarios = useScenarios();
  const [openId, setOpenId] = useOpenRun();
  const [starting, setStarting] = useState(false);

  const items = runs.data?.items ?? [];
  const page = runs.data && { items: items.slice(list.skip, list.skip + list.limit), count: items.length };

  return (
    <Page
      title={T.title}
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!scenarios.data}
          onClick={() => setStarting(true)}
        >
          {T.newRun}
        </Button>
      }
    >
      <Stack sx={{ gap: 3 }}>
        <TesttoolIntro />
        <Paper variant="outlined">
          {canManageTesttool && (
            <>
              <FilterBar onSubmit={filters.submit} onReset={filters.reset}>
                <FilterTextField draft={filters} name="deelnemer" label={T.deelnemer} />
              </FilterBar>
              <Divider />
            </>
          )}
          <DataTable
            list={list}
            // The list asks again every few seconds while a run is under way: no progress bar for that.
            query={{ data: page, isFetching: runs.isLoading, error: runs.error, refetch: runs.refetch }}
            label={T.title}
            columns={runColumns(canManageTesttool)}
            getRowId={(run) => run.id}
            getRowLabel={(run: RunView) => `${scenarioOf(run)}, ${formatDateTime(run.started)}`}
            onRowClick={(run) => setOpenId(run.id)}
          />
        </Paper>
      </Stack>
      <StartRunDialog
        open={starting}
        scenarios={scenarios.data?.items ?? []}
        everyParticipant={canManageTesttool}
        onClose={() => setStarting(false)}
        onStarted={(run) => setOpenId(run.id)}
      />
      <RunPanel id={openId} scenarios={scenarios.data?.items} onClose={() => setOpenId(undefined)} />
    </Page>
  );
}
