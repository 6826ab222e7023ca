import { ERROR_TITLES, type BulkRetryCount, type BulkRetryJob, type BulkRetryJobList } from '@knooppunt/domain';
import { queryOptions, useMutation, useQueries } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { MessageSearch } from './search-messages';

export const BULK_RETRY_PATH = '/rest/management/message/bulk-retry';

/** How often the screen asks for a running job's progress. */
export const BULK_RETRY_POLL_MS = 1000;

/**
 * 'Alles opnieuw versturen' (decision 0034). Each call takes the body the list searched with: its
 * filters say which messages; the server ignores paging and sort.
 */
export function countBulkRetry(body: MessageSearch, init?: ApiRequestInit): Promise<BulkRetryCount> {
  return apiRequest('POST', `${BULK_RETRY_PATH}/count`, body, init);
}

export function startBulkRetry(body: MessageSearch, init?: ApiRequestInit): Promise<BulkRetryJob> {
  return apiRequest('POST', BULK_RETRY_PATH, body, init);
}

export function getBulkRetryJob(id: string, init?: ApiRequestInit): Promise<BulkRetryJob> {
  return apiRequest('GET', `${BULK_RETRY_PATH}/${encodeURIComponent(id)}`, undefined, init);
}

/** The running jobs of the user's organisation (or of the participant acted for), oldest first. */
export function getRunningBulkRetries(init?: ApiRequestInit): Promise<BulkRetryJobList> {
  return apiRequest('GET', BULK_RETRY_PATH, undefined, init);
}

/** How many undelivered messages match: asked for the confirm dialog; changes nothing. */
export function useCountBulkRetry() {
  const namens = useActingFor();
  return useMutation({ mutationFn: (body: MessageSearch) => countBulkRetry(body, { namens }), meta: { changes: [] } });
}

/**
 * Starts the job. The lists are fetched again when the job has finished (the screen's progress
 * follows it), not when it starts: the server makes the messages due in batches.
 */
export function useStartBulkRetry() {
  const namens = useActingFor();
  return useMutation({ mutationFn: (body: MessageSearch) => startBulkRetry(body, { namens }), meta: { changes: [] } });
}

/** `namens`: the participant acted for (decision 0041), whose job it is. */
export function bulkRetryJobQueryOptions(id: string, namens?: string) {
  return queryOptions({
    queryKey: ['messages', 'bulk-retry', ...actingForKey(namens), id],
    queryFn: ({ signal }) => getBulkRetryJob(id, { signal, namens }),
    meta: { errorTitle: ERROR_TITLES.fetchBulkRetry },
    // The start's answer is the first look; the next comes a poll later. A screen opened again
    // asks at once for a job it showed before: its last look is older than a poll.
    staleTime: BULK_RETRY_POLL_MS,
    refetchOnMount: true,
    // Asked again while the job runs, and no longer once it has ended or the question failed.
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.state === 'running' ? BULK_RETRY_POLL_MS : false,
  });
}

/** `namens`: the participant acted for (decision 0041), whose jobs they are. */
export function runningBulkRetriesQueryOptions(namens?: string) {
  return queryOptions({
    queryKey: ['messages', 'bulk-retry', 'running', ...actingForKey(namens)],
    queryFn: ({ signal }) => getRunningBulkRetries({ signal, namens }),
    meta: { errorTitle: ERROR_TITLES.fetchBulkRetry },
    // Asked each time a screen opens: a job started before, here or by a colleague, shows again.
    refetchOnMount: 'always',
  });
}

/** The organisation's running jobs, for a user who may resend (none asked for anyone else). */
export function useRunningBulkRetries(allowed: boolean) {
  const namens = useActingFor();
  return useAuthenticatedQuery({ ...runningBulkRetriesQueryOptions(namens), enabled: allowed });
}

/**
 * The progress of each of these jobs, polled while it runs. `listed` are the jobs as the running
 * list answered them: their first look, asked again a poll later.
 */
export function useBulkRetryJobs(ids: readonly string[], listed: { jobs: readonly BulkRetryJob[]; at: number }) {
  const namens = useActingFor();
  const { isAuthenticated } = useAuth();
  return useQueries({
    queries: ids.map((id) => {
      const first = listed.jobs.find((job) => job.id === id);
      return {
        ...bulkRetryJobQueryOptions(id, namens),
        enabled: isAuthenticated,
        ...(first && { initialData: first, initialDataUpdatedAt: listed.at }),
      };
    }),
  });
}
