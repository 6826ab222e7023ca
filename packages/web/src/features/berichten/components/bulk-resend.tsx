import { ERROR_TITLES, type BulkRetryJob } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { usePermissions } from '@/lib/auth/current-user';
import { useActingFor } from '@/lib/namens/acting-for';
import { LABELS } from '@/lib/texts';
import {
  bulkRetryJobQueryOptions,
  runningBulkRetriesQueryOptions,
  useBulkRetryJobs,
  useCountBulkRetry,
  useRunningBulkRetries,
  useStartBulkRetry,
} from '../api/bulk-retry';
import { searchMessagesQueryOptions, type MessageSearch } from '../api/search-messages';

const TEXTS = LABELS.berichten.bulk;

/**
 * 'Alles opnieuw versturen' of a message list (decision 0034): `body` is the search the list sends,
 * so the count and the job cover exactly the messages of the list's current filters. The button
 * asks the count, the dialog confirms it, and the job's progress shows until it is closed; when the
 * job has ended, the lists are fetched again. The jobs run on the server: a screen that opens shows
 * those of its flow still running for the organisation (started here before, in another tab or by
 * a colleague), and offers no other until they have ended.
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

  const running = useRunningBulkRetries(canRetryMessage);
  const flow = body.filters.find((filter) => filter.name === 'versienummer')?.value;
  const listed = (running.data?.items ?? []).filter((job) => job.filters.versienummer === flow);
  // The jobs shown: each one listed or started here, until closed — also once it has ended and
  // the running list no longer names it.
  const [followed, setFollowed] = useState<readonly string[]>([]);
  const [closed, setClosed] = useState<readonly string[]>([]);
  const unseen = listed.filter(({ id }) => !followed.includes(id) && !closed.includes(id)).map(({ id }) => id);
  if (unseen.length > 0) setFollowed((current) => followAlso(current, unseen));
  const polled = useBulkRetryJobs(followed, { jobs: listed, at: running.dataUpdatedAt });
  const jobs = followed.flatMap((id, index) => {
    const query = polled[index];
    return query?.data ? [{ job: query.data, lost: query.isError }] : [];
  });

  // The lists are fetched again each time a job has ended.
  const ended = jobs.filter(({ job }) => job.state !== 'running').map(({ job }) => job.id);
  const refreshedFor = useRef(new Set<string>());
  useEffect(() => {
    const fresh = ended.filter((id) => !refreshedFor.current.has(id));
    if (fresh.length === 0) return;
    fresh.forEach((id) => refreshedFor.current.add(id));
    void queryClient.invalidateQueries({ queryKey: searchMessagesQueryOptions().queryKey });
  }, [ended, queryClient]);

  return {
    /** Only for the users who may resend a message. */
    allowed: canRetryMessage,
    counting: count.isPending,
    /** A job of this flow runs: another one is not offered until it has ended. */
    running: jobs.some(({ job, lost }) => job.state === 'running' && !lost) || start.isPending,
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
          setFollowed((current) => followAlso(current, [started.id]));
          setAsking(undefined);
        },
        onError: (error) => {
          setAsking(undefined);
          notifyError(ERROR_TITLES.bulkRetry, error);
          // Refused while a job runs (409, 429): the screen shows the organisation's running jobs.
          void queryClient.invalidateQueries({ queryKey: runningBulkRetriesQueryOptions(namens).queryKey });
        },
      });
    },
    /** Each job followed, with whether asking for its progress failed (its alert said so): it can be closed. */
    jobs,
    close: (id: string) => {
      setFollowed((current) => current.filter((each) => each !== id));
      setClosed((current) => [...current, id]);
    },
  };
}

/** The jobs followed, and these too: each once, in the order they came. */
function followAlso(followed: readonly string[], ids: readonly string[]): readonly string[] {
  const fresh = ids.filter((id) => !followed.includes(id));
  return fresh.length > 0 ? [...followed, ...fresh] : followed;
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

/** Each job's progress ('x van n') while it runs, then its result, until closed. */
export function BulkResendProgress({ bulk }: { bulk: BulkResend }) {
  return bulk.jobs.map(({ job, lost }) => (
    <BulkResendJob key={job.id} job={job} onClose={() => bulk.close(job.id)} lost={lost} />
  ));
}

function BulkResendJob({ job, lost, onClose }: { job: BulkRetryJob; lost: boolean; onClose: () => void }) {
  if (job.state === 'running') {
    const handled = job.done + job.skipped;
    const percent = job.total > 0 ? Math.min(100, Math.round((handled / job.total) * 100)) : 0;
    return (
      <Alert
        severity="info"
        role="status"
        onClose={lost ? onClose : undefined}
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
      onClose={onClose}
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
