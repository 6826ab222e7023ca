import type { RunView } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { useId } from 'react';
import { formatCount, LABELS } from '@/lib/texts';
import type { ScenarioView } from '../api/get-scenarios';
import { StepEvidence, type StepReport } from './step-evidence';

const T = LABELS.testtool.steps;

type StepStatus = keyof typeof T.statuses;

interface StepRow {
  index: number;
  type: string;
  door: StepReport['door'];
  status: StepStatus;
  /** Absent for a step not begun yet, and for the step under way until something happened in it. */
  report?: StepReport;
}

/**
 * How a step stands. The step the run is at has begun even before anything happened in it (it has
 * no report until then); when the run was stopped there, or ended otherwise, the step ended with it.
 */
function statusOf(run: RunView, index: number, report: StepReport | undefined): StepStatus {
  const status = report?.status ?? (index === run.step && run.status !== 'geslaagd' ? 'lopend' : 'open');
  if (status !== 'lopend' || run.status === 'lopend') return status;
  return run.status === 'gestopt' ? 'gestopt' : 'mislukt';
}

/**
 * Every step of the scenario: those begun with their report, the others from the catalogue (who
 * sends them follows from the side the participant plays). Without the catalogue, the steps begun.
 */
function stepRows(run: RunView, scenario: ScenarioView | undefined): StepRow[] {
  const count = Math.max(run.scenario.stappen, run.steps.length);
  return Array.from({ length: count }, (_, index): StepRow[] => {
    const report = run.steps[index];
    const status = statusOf(run, index, report);
    if (report) return [{ index, type: report.type, door: report.door, status, report }];
    const listed = scenario?.stappen[index];
    if (!listed) return [];
    return [{ index, type: listed.type, door: listed.senderSide === run.side ? 'deelnemer' : 'simulator', status }];
  }).flat();
}

/** The icon only repeats the status the step says in words. */
function StepIcon({ status }: { status: StepStatus }) {
  if (status === 'geslaagd') return <CheckCircleIcon color="success" aria-hidden />;
  if (status === 'mislukt') return <CancelIcon color="error" aria-hidden />;
  if (status === 'lopend') return <HourglassTopIcon color="primary" aria-hidden />;
  if (status === 'gestopt') return <StopCircleIcon sx={{ color: 'text.secondary' }} aria-hidden />;
  return <RadioButtonUncheckedIcon sx={{ color: 'text.disabled' }} aria-hidden />;
}

/** 'Stappen': per step who sends it, how it went, how long it took and its evidence. */
export function RunSteps({ run, scenario }: { run: RunView; scenario: ScenarioView | undefined }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {T.title}
      </Typography>
      <Box component="ol" aria-labelledby={titleId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {stepRows(run, scenario).map(({ index, type, door, status, report }) => {
          const begun = status !== 'open';
          return (
            <Stack
              key={index}
              component="li"
              direction="row"
              sx={{
                gap: 1.5,
                py: 1.25,
                borderTop: index === 0 ? 0 : 1,
                borderColor: 'divider',
                // Not begun yet: greyed, in a grey that still reads (contrast).
                color: begun ? 'text.primary' : 'text.secondary',
              }}
            >
              <Box sx={{ pt: 0.25, display: 'flex' }}>
                <StepIcon status={status} />
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5 }}>
                  <Typography variant="subtitle2" component="h4">
                    {T.stepName(index + 1, type)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {T.door[door]}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: begun ? 600 : 400 }}>
                    {T.statuses[status]}
                  </Typography>
                  {report?.ms !== undefined && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {T.duur(formatCount(report.ms))}
                    </Typography>
                  )}
                </Stack>
                {report && <StepEvidence report={report} />}
              </Box>
            </Stack>
          );
        })}
      </Box>
    </Box>
  );
}
