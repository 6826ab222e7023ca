import type { ExpectedMessage, RunView } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import type { ScenarioView } from '../api/get-scenarios';
import { useStopRun } from '../api/stop-run';
import { downloadRun } from './download-run';
import { ExpectedMessageBox } from './expected-message';
import { RunFacts } from './run-facts';
import { RunSteps } from './run-steps';

const T = LABELS.testtool;

interface RunReportProps {
  run: RunView;
  scenario: ScenarioView | undefined;
  /** 'Samenstellen': the message the run waits for, into the composer. */
  onCompose: (verwacht: ExpectedMessage) => void;
}

/** A run's report: its facts, why it ended, what it waits for, every step, and what can be done with it. */
export function RunReport({ run, scenario, onCompose }: RunReportProps) {
  const { notifyError, notifySuccess } = useNotify();
  const stop = useStopRun();
  const [confirming, setConfirming] = useState(false);

  const confirmStop = () =>
    stop.mutate(run.id, {
      onSuccess: () => notifySuccess(T.report.stopped),
      onError: (error) => notifyError(T.stopFailed, error),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack sx={{ gap: 2.5 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {run.status === 'lopend' && (
          <Button variant="outlined" color="error" startIcon={<StopCircleIcon />} onClick={() => setConfirming(true)}>
            {T.report.stop}
          </Button>
        )}
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => downloadRun(run)}>
          {T.report.download}
        </Button>
      </Stack>
      <RunFacts run={run} />
      {run.reason && (
        // Not an alert role: the report says why it ended each time it is opened, it is no news.
        <Alert severity={run.status === 'mislukt' ? 'error' : 'info'} role="none">
          <AlertTitle>{T.report.reden}</AlertTitle>
          {run.reason}
        </Alert>
      )}
      {run.verwacht && (
        <ExpectedMessageBox verwacht={run.verwacht} stepTimeoutSeconds={run.stepTimeoutSeconds} onCompose={onCompose} />
      )}
      <RunSteps run={run} scenario={scenario} />
      <ConfirmDialog
        open={confirming}
        title={T.report.stopTitle}
        text={T.report.stopText(run.opdrachtId)}
        confirmLabel={T.report.stop}
        cancelLabel={LABELS.common.cancel}
        busy={stop.isPending}
        onConfirm={confirmStop}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
