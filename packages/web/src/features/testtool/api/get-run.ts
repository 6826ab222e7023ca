import type { RunView } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** How often a run under way is fetched again while its report is open. */
export const RUN_REFRESH_MS = 2_000;

/** A run with its report per step, and `verwacht` while it waits for the participant's system. */
export function getRun(id: string, signal?: AbortSignal): Promise<RunView> {
  return apiRequest('GET', `/rest/testtool/runs/${encodeURIComponent(id)}`, undefined, { signal });
}

export function runQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['testtool', 'runs', 'detail', id],
    queryFn: ({ signal }) => getRun(id, signal),
    meta: { errorTitle: LABELS.testtool.fetchRunFailed },
  });
}

/**
 * The open run; nothing without an id. The app's defaults never refetch by themselves: a run under
 * way is fetched again every two seconds, so its report follows the test, until it has ended or a
 * fetch failed (one alert, not one every two seconds).
 */
export function useRun(id: string | undefined) {
  return useAuthenticatedQuery({
    ...runQueryOptions(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.status === 'lopend' ? RUN_REFRESH_MS : false,
  });
}
