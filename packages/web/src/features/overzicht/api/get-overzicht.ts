import { ERROR_TITLES, type Overzicht } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The counters move by the minute: the Overzicht refreshes itself at this pace while open. */
export const OVERZICHT_REFRESH_MS = 60_000;

export function getOverzicht(signal?: AbortSignal): Promise<Overzicht> {
  return apiRequest('GET', '/rest/management/overzicht', undefined, { signal });
}

export function overzichtQueryOptions() {
  return queryOptions({
    queryKey: ['overzicht'],
    queryFn: ({ signal }) => getOverzicht(signal),
    meta: { errorTitle: ERROR_TITLES.fetchOverzicht },
    refetchInterval: OVERZICHT_REFRESH_MS,
  });
}

export function useOverzicht() {
  return useAuthenticatedQuery(overzichtQueryOptions());
}
