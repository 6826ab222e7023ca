import { ERROR_TITLES, type BulkRetryJob } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { usePermissions } from '@/lib/auth/current-user';
import { useActingFor } from '@/lib/namens/acting-for';
import { LABELS } from '@/lib/texts';
import { bulkRetryJobQueryOptions, useBulkRetryJob, useCountBulkRetry, useStartBulkRetry } from '../api/bulk-retry';
import { searchMessagesQueryOptions, type MessageSearch } from '../api/search-messages';

const TEXTS = LABELS.berichten.bulk;

/**
 * 'Alles opnieuw versturen' of a message list (decision 0034): `body` is the search the list sends,
 * so the count and the job cover exactly the messages of the list's current filters. The button
 * asks the count, the dialog confirms it, and the job's progress shows until it is closed; when the
 * job has ended, the lists are fetched again.
 */
export function useBulkResend(body: MessageSearch) {
  const { canRetryMessage } = usePermissions();
  const { notifyError } = useNotify();
  const queryClient = useQueryClient();
  const namens = useActingFor();
  const count = useCountBulkRetry();
  const start = useStartBulkRetry();
  /** The count the dialog asks about; undefined while it is closed. */
  const [asking, setAsking] = useState<{ body: MessageSearch; count: number }>();
  const [jobId, setJobId] = useState<string>();
  const job = useBulkRetryJob(jobId);

  const ended = job.data && job.data.state !== 'running' ? job.data.id : undefined;
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: searchMessagesQueryOptions().queryKey });
  }, [ended, queryClient]);

  return {
    /** Only for the users who may resend a message. */
    allowed: canRetryMessage,
    counting: count.isPending,
    /** A job runs: another one is not offered until it has ended. */
    running: (job.data?.state === 'running' && !job.isError) || start.isPending,
    ask: () =>
      count.mutate(body, {
        onSuccess: ({ count: matching }) => setAsking({ body, count: matching }),
        onError: (error) => notifyError(ERROR_TITLES.bulkRetry, error),
      }),
    asking,
    starting: start.isPending,
    cancel: () => setAsking(undefined),
    confirm: () => {
      if (!asking) return;
      start.mutate(asking.body, {
        onSuccess: (started) => {
          queryClient.setQueryData(bulkRetryJobQueryOptions(started.id, namens).queryKey, started);
          setJobId(started.id);
          setAsking(undefined);
        },
        onError: (error) => {
          setAsking(undefined);
          notifyError(ERROR_TITLES.bulkRetry, error);
        },
      });
    },
    job: job.data,
    /** Asking for the progress failed (its alert said so): the progress can be closed. */
    lost: job.isError,
    closeJob: () => setJobId(undefined),
  };
}

export type BulkResend = ReturnType<typeof useBulkResend>;

/** The button beside the list, and the dialog it opens. Nothing for a user who may not resend. */
export function BulkResendButton({ bulk }: { bulk: BulkResend }) {
  if (!bulk.allowed) return null;
  const { asking } = bulk;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ReplayIcon />}
        onClick={bulk.ask}
        loading={bulk.counting}
        disabled={bulk.running}
      >
        {TEXTS.action}
      </Button>
      {asking && (
        <ConfirmDialog
          open
          title={TEXTS.action}
          text={asking.count > 0 ? TEXTS.question(asking.count) : TEXTS.none}
          onConfirm={asking.count > 0 ? bulk.confirm : undefined}
          onCancel={bulk.cancel}
          busy={bulk.starting}
          cancelLabel={asking.count > 0 ? LABELS.common.no : LABELS.common.close}
        />
      )}
    </>
  );
}

/** The job's progress ('x van n') while it runs, then its result, until closed. */
export function BulkResendProgress({ bulk }: { bulk: BulkResend }) {
  const { job } = bulk;
  if (!job) return null;
  if (job.state === 'running') {
    const handled = job.done + job.skipped;
    const percent = job.total > 0 ? Math.min(100, Math.round((handled / job.total) * 100)) : 0;
    return (
      <Alert
        severity="info"
        role="status"
        onClose={bulk.lost ? bulk.closeJob : undefined}
        closeText={LABELS.common.close}
        sx={{ mb: 2, '& .MuiAlert-message': { flex: 1 } }}
      >
        <AlertTitle>{TEXTS.running}</AlertTitle>
        <LinearProgress variant="determinate" value={percent} aria-label={TEXTS.running} sx={{ my: 1 }} />
        <Typography variant="body2">{TEXTS.progress(handled, job.total)}</Typography>
      </Alert>
    );
  }
  const failed = job.state === 'failed';
  return (
    <Alert
      severity={failed ? 'error' : 'success'}
      role="status"
      onClose={bulk.closeJob}
      closeText={LABELS.common.close}
      sx={{ mb: 2 }}
    >
      <AlertTitle>{failed ? TEXTS.failed : TEXTS.finished}</AlertTitle>
      {resultLines(job).map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </Alert>
  );
}

function resultLines(job: BulkRetryJob): string[] {
  return [
    TEXTS.done(job.done),
    ...(job.skipped > 0 ? [TEXTS.skipped(job.skipped)] : []),
    ...(job.failed > 0 ? [TEXTS.notDone(job.failed)] : []),
  ];
}
