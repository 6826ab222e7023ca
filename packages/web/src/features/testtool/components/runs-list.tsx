import type { RunView } from '@knooppunt/domain';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { DataTable } from '@/components/data-table/data-table';
import { FilterBar } from '@/components/filter-bar/filter-bar';
import { FilterTextField } from '@/components/filter-bar/filter-fields';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import type { ListParams } from '@/lib/use-list-params';
import type { useRuns } from '../api/get-runs';
import { runColumns, scenarioOf } from './run-columns';

const T = LABELS.testtool;

interface RunsListProps {
  list: ListParams<{ deelnemer: string }, never>;
  runs: ReturnType<typeof useRuns>;
  /** 'Testtool Beheren': every participant's runs, with a column and a filter for the participant. */
  everyParticipant: boolean;
  /** The list does not know yet whose runs to ask for (a partner's links are on their way). */
  waiting: boolean;
  onOpen: (id: string) => void;
}

/** The runs, newest first, 25 a page of the newest 100 the server answers. */
export function RunsList({ list, runs, everyParticipant, waiting, onOpen }: RunsListProps) {
  const filters = useFilterDraft(list, { onRefresh: () => void runs.refetch() });
  const items = runs.data?.items ?? [];
  const page = runs.data && { items: items.slice(list.skip, list.skip + list.limit), count: items.length };
  return (
    <Paper variant="outlined">
      {everyParticipant && (
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
        query={{ data: page, isFetching: waiting || runs.isLoading, error: runs.error, refetch: runs.refetch }}
        label={T.title}
        columns={runColumns(everyParticipant)}
        getRowId={(run) => run.id}
        getRowLabel={(run: RunView) => `${scenarioOf(run)}, ${formatDateTime(run.started)}`}
        onRowClick={(run) => onOpen(run.id)}
      />
    </Paper>
  );
}
