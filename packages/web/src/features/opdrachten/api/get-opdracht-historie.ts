import { ERROR_TITLES, type OpdrachtHistory } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** An order's history (decision 0059): the order, its messages, leveringen and manual actions, in one call. */
export function getOpdrachtHistorie(opdrachtId: string, signal?: AbortSignal): Promise<OpdrachtHistory> {
  return apiRequest('GET', `/rest/opdrachten/${encodeURIComponent(opdrachtId)}/historie`, undefined, { signal });
}

/** Without an id: the key of every order's history, for invalidating them all. */
export function getOpdrachtHistorieQueryOptions(opdrachtId?: string) {
  return queryOptions({
    queryKey: opdrachtId ? ['opdrachten', 'historie', opdrachtId] : ['opdrachten', 'historie'],
    queryFn: ({ signal }) =>
      opdrachtId ? getOpdrachtHistorie(opdrachtId, signal) : Promise.reject(new Error('no opdracht')),
    meta: { errorTitle: ERROR_TITLES.fetchOpdrachtHistorie },
    // Opened again, the panel asks afresh: a history moves on while the list is on screen.
    gcTime: 0,
  });
}

export function useOpdrachtHistorie(opdrachtId: string) {
  return useAuthenticatedQuery(getOpdrachtHistorieQueryOptions(opdrachtId));
}
