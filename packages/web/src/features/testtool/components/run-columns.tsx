import type { RunView } from '@knooppunt/domain';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { LABELS } from '@/lib/texts';
import { RunStatusChip } from './run-status-chip';

const T = LABELS.testtool;

/** The scenario of a run with its flow: both flows have a 'Van opdracht tot gereed'. */
export const scenarioOf = (run: RunView) => T.scenarioIn(run.scenario.naam, T.flows[run.flow]);

/** 'Stap 3 van 9': the step under way, the failed or stopped one, or the last of a run that passed. */
export const stepOf = (run: RunView) => T.stapVan(Math.min(run.step + 1, run.scenario.stappen), run.scenario.stappen);

/** The list's columns; 'Deelnemer' only for who sees every participant's runs. */
export function runColumns(everyParticipant: boolean): DataTableColumn<RunView>[] {
  return [
    { id: 'started', label: T.gestart, render: (run) => <DateTimeCell value={run.started} /> },
    ...(everyParticipant
      ? [{ id: 'deelnemer', label: T.deelnemer, truncate: TRUNCATE.text, render: (run: RunView) => run.deelnemer }]
      : []),
    // The row's button: its name starts with the text it shows (WCAG 2.5.3).
    { id: 'scenario', label: T.scenario, main: true, render: scenarioOf },
    { id: 'side', label: T.kant, nowrap: true, render: (run) => T.sides[run.side] },
    { id: 'status', label: T.status, width: 112, render: (run) => <RunStatusChip status={run.status} /> },
    { id: 'step', label: T.stap, nowrap: true, render: stepOf },
  ];
}
