import type { RunView } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/dates';
import { FactList } from '@/components/fact-list/fact-list';
import { LABELS } from '@/lib/texts';
import { MONOSPACE } from './monospace';

const T = LABELS.testtool.steps;

/**
 * A step's report as the run's answer has it: the schema's, whose `ontvangen.type` may be absent
 * (the domain's StepReport interface says it is always there).
 */
export type StepReport = RunView['steps'][number];

/** What the participant sent instead of what was expected: its type, and its outcome and levering when it had them. */
function received(ontvangen: NonNullable<StepReport['ontvangen']>): string {
  const parts = [
    ontvangen.type ?? '',
    ontvangen.akkoord !== undefined && ontvangen.akkoord !== null ? T.akkoord(String(ontvangen.akkoord)) : '',
    ontvangen.leveringId !== undefined && ontvangen.leveringId !== null ? T.levering(String(ontvangen.leveringId)) : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** The evidence of a step: its message, the delivery attempts and error, what came back and what Knooppunt refused. */
export function StepEvidence({ report }: { report: StepReport }) {
  const facts: [string, ReactNode][] = [];
  if (report.berichtId)
    facts.push([
      T.berichtId,
      <Box component="span" sx={MONOSPACE}>
        {report.berichtId}
      </Box>,
    ]);
  if (report.pogingen !== undefined) facts.push([T.pogingen, String(report.pogingen)]);
  if (report.laatsteFout) {
    facts.push([
      T.laatsteFout,
      <>
        {report.laatsteFout.msg}
        <Box component="span" sx={{ ...MONOSPACE, display: 'block', color: 'text.secondary' }}>
          {T.traceId(report.laatsteFout.traceId)}
        </Box>
      </>,
    ]);
  }
  if (report.ontvangen) facts.push([T.ontvangen, received(report.ontvangen)]);
  const weigeringen = report.weigeringen ?? [];
  if (facts.length === 0 && weigeringen.length === 0) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      {facts.length > 0 && <FactList facts={facts} gap={0} />}
      {weigeringen.length > 0 && (
        <>
          <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {T.weigeringen}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {weigeringen.map((weigering, index) => (
              <Typography key={index} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {formatDateTime(weigering.at)}: {T.weigering(weigering.type, weigering.status, weigering.message)}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
