import { ERROR_TITLES, type Waardenlijst } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export function getWaardenlijst(id: string, signal?: AbortSignal): Promise<Waardenlijst> {
  return apiRequest('GET', `/rest/waardenlijst/${encodeURIComponent(id)}`, undefined, { signal });
}

export function getWaardenlijstQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['waardenlijsten', 'detail', id],
    queryFn: ({ signal }) => getWaardenlijst(id, signal),
    meta: { errorTitle: ERROR_TITLES.fetchWaardenlijst },
    // Dropped once the screen closes, so opening the list again shows what the server has now
    // (queries do not refetch on mount).
    gcTime: 0,
  });
}

export function useWaardenlijst(id: string) {
  return useAuthenticatedQuery(getWaardenlijstQueryOptions(id));
}
