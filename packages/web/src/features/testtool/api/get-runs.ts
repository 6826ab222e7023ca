import type { RunView } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** How often a list that shows a run under way asks for it again. */
export const RUNS_REFRESH_MS = 5_000;

/**
 * The newest runs first: the own organisation's and those of the participants it implements for,
 * or with 'Testtool Beheren' every one's; or `deelnemer`'s.
 */
export function getRuns(deelnemer: string | undefined, signal?: AbortSignal): Promise<{ items: RunView[] }> {
  const query = deelnemer ? `?${new URLSearchParams({ deelnemer })}` : '';
  return apiRequest('GET', `/rest/testtool/runs${query}`, undefined, { signal });
}

/** Without an argument: the key of every list of runs. */
export function runsQueryOptions(deelnemer?: string) {
  return queryOptions({
    queryKey: deelnemer === undefined ? ['testtool', 'runs', 'list'] : ['testtool', 'runs', 'list', deelnemer],
    queryFn: ({ signal }) => getRuns(deelnemer || undefined, signal),
    meta: { errorTitle: LABELS.testtool.fetchRunsFailed },
  });
}

/**
 * The runs, `deelnemer` '' for no filter; not `enabled` until the screen knows whose. The portal
 * fetches nothing behind the user's back, but a run under way is what the user watches here: while
 * the list shows one it is fetched again, until a fetch fails (one alert, not one every few seconds).
 */
export function useRuns(deelnemer: string, enabled = true) {
  return useAuthenticatedQuery({
    ...runsQueryOptions(deelnemer),
    enabled,
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.items.some((run) => run.status === 'lopend')
        ? RUNS_REFRESH_MS
        : false,
  });
}
