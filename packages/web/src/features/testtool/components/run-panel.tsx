import type { ExpectedMessage, RunView } from '@knooppunt/domain';
import { useState } from 'react';
import { SidePanel } from '@/components/side-panel/side-panel';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { LoadErrorState } from '@/components/status/error-state';
import { LABELS } from '@/lib/texts';
import type { ScenarioView } from '../api/get-scenarios';
import { useRun } from '../api/get-run';
import { scenarioOf } from './run-columns';
import { RunReport } from './run-report';

interface RunPanelProps {
  /** The open run; none when the panel is closed. */
  id: string | undefined;
  /** The catalogue, for the steps a run has not begun yet. */
  scenarios: readonly ScenarioView[] | undefined;
  onClose: () => void;
  /** 'Samenstellen' in 'Verwacht van uw systeem'. */
  onCompose: (verwacht: ExpectedMessage) => void;
}

/** The right-hand panel with a run's report, fetched again every two seconds while the run is under way. */
export function RunPanel({ id, scenarios, onClose, onCompose }: RunPanelProps) {
  const query = useRun(id);
  // The last run stays on screen while the panel slides away.
  const [shown, setShown] = useState<RunView>();
  const data = id === undefined ? undefined : query.data;
  if (data && data !== shown) setShown(data);
  const run = id === undefined ? shown : data;

  return (
    <SidePanel open={id !== undefined} title={run ? scenarioOf(run) : LABELS.testtool.report.title} onClose={onClose}>
      {query.error && id !== undefined && (
        // Also when a run on screen could not be fetched again: it may be out of date.
        <LoadErrorState
          title={LABELS.testtool.fetchRunFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {run ? (
        <RunReport
          run={run}
          scenario={scenarios?.find((scenario) => scenario.id === run.scenario.id)}
          onCompose={onCompose}
        />
      ) : (
        !query.error && <CenteredSpinner />
      )}
    </SidePanel>
  );
}
