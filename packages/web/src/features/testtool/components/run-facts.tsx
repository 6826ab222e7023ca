import { wachttijd, type RunView } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CopyButton } from '@/components/copy-button/copy-button';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { MONOSPACE } from './monospace';
import { stepOf } from './run-columns';
import { RunStatusChip } from './run-status-chip';

const T = LABELS.testtool;

/** The run at a glance: whose, which side, its order, when, and how it stands. */
export function RunFacts({ run }: { run: RunView }) {
  const facts: [string, ReactNode][] = [
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
    ...(run.ended ? [[T.report.beeindigd, formatDateTime(run.ended)] as [string, ReactNode]] : []),
    [T.report.wachttijd, wachttijd(run.stepTimeoutSeconds)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        alignItems: 'center',
        gap: 0.5,
        columnGap: 2,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
