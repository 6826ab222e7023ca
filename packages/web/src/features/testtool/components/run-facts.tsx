import { wachttijd, type RunView } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CopyButton } from '@/components/copy-button/copy-button';
import { FactList, type Fact } from '@/components/fact-list/fact-list';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { MONOSPACE } from './monospace';
import { stepOf } from './run-columns';
import { RunStatusChip } from './run-status-chip';

const T = LABELS.testtool;

/** The run at a glance: whose, which side, its order, when, and how it stands. */
export function RunFacts({ run }: { run: RunView }) {
  const facts: Fact[] = [
    [T.status, <RunStatusChip key="status" status={run.status} />],
    [T.stap, stepOf(run)],
    [T.deelnemer, run.deelnemer],
    [T.kant, T.sides[run.side]],
    [
      T.report.opdrachtId,
      <Stack key="opdracht" direction="row" component="span" sx={{ alignItems: 'center', gap: 0.5 }}>
        <Box component="span" sx={{ fontFamily: MONOSPACE.fontFamily }}>
          {run.opdrachtId}
        </Box>
        <CopyButton text={run.opdrachtId} label={T.report.copyOpdrachtId} />
      </Stack>,
    ],
    [T.gestart, T.report.gestartDoor(formatDateTime(run.started), run.startedBy)],
    ...(run.ended ? [[T.report.beeindigd, formatDateTime(run.ended)] as Fact] : []),
    [T.report.wachttijd, wachttijd(run.stepTimeoutSeconds)],
  ];
  return <FactList facts={facts} centred />;
}
