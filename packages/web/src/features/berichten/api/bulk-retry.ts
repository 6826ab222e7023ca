import { ERROR_TITLES, type BulkRetryCount, type BulkRetryJob } from '@knooppunt/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
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
    // The start's answer is the first look; the next comes a poll later.
    staleTime: BULK_RETRY_POLL_MS,
    // Asked again while the job runs, and no longer once it has ended or the question failed.
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.state === 'running' ? BULK_RETRY_POLL_MS : false,
  });
}

/** The job's progress; none while `id` is undefined. */
export function useBulkRetryJob(id: string | undefined) {
  const namens = useActingFor();
  return useAuthenticatedQuery({ ...bulkRetryJobQueryOptions(id ?? '', namens), enabled: id !== undefined });
}
