import { ERROR_TITLES, type BulkRetryCount, type BulkRetryJob } from '@knooppunt/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { MessageSearch } from './search-messages';

export const BULK_RETRY_PATH = '/rest/management/message/bulk-retry';

/** How often the screen asks for a running job's progress. */
export const BULK_RETRY_POLL_MS = 1000;

/**
 * 'Alles opnieuw versturen' (decision 0034). Each call takes the body the list searched with: its
 * filters say which messages; the server ignores paging and sort.
 */
export function countBulkRetry(body: MessageSearch): Promise<BulkRetryCount> {
  return apiRequest('POST', `${BULK_RETRY_PATH}/count`, body);
}

export function startBulkRetry(body: MessageSearch): Promise<BulkRetryJob> {
  return apiRequest('POST', BULK_RETRY_PATH, body);
}

export function getBulkRetryJob(id: string, signal?: AbortSignal): Promise<BulkRetryJob> {
  return apiRequest('GET', `${BULK_RETRY_PATH}/${encodeURIComponent(id)}`, undefined, { signal });
}

/** How many undelivered messages match: asked for the confirm dialog; changes nothing. */
export function useCountBulkRetry() {
  return useMutation({ mutationFn: countBulkRetry, meta: { changes: [] } });
}

/**
 * Starts the job. The lists are fetched again when the job has finished (the screen's progress
 * follows it), not when it starts: the server makes the messages due in batches.
 */
export function useStartBulkRetry() {
  return useMutation({ mutationFn: startBulkRetry, meta: { changes: [] } });
}

export function bulkRetryJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['messages', 'bulk-retry', id],
    queryFn: ({ signal }) => getBulkRetryJob(id, signal),
    meta: { errorTitle: ERROR_TITLES.fetchBulkRetry },
    // The start's answer is the first look; the next comes a poll later.
    staleTime: BULK_RETRY_POLL_MS,
    // Asked again while the job runs, and no longer once it has ended or the question failed.
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.state === 'running' ? BULK_RETRY_POLL_MS : false,
  });
}

/** The job's progress; none while `id` is undefined. */
export function useBulkRetryJob(id: string | undefined) {
  return useAuthenticatedQuery({ ...bulkRetryJobQueryOptions(id ?? ''), enabled: id !== undefined });
}
