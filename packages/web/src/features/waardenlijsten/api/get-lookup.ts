import { ERROR_TITLES, type Lookup } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The business rules' reference data: the netbeheerders, disciplines and berichtVersies to choose from. */
export function getLookup(signal?: AbortSignal): Promise<Lookup> {
  return apiRequest('GET', '/rest/lookup', undefined, { signal });
}

export function lookupQueryOptions() {
  return queryOptions({
    queryKey: ['waardenlijsten', 'lookup'],
    queryFn: ({ signal }) => getLookup(signal),
    // The catalogue's title for failing reference value lists; spec 001 §8 names none for the lookup.
    meta: { errorTitle: ERROR_TITLES.fetchValuelists },
    // Reference data: fetched once a session.
    staleTime: Infinity,
  });
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
