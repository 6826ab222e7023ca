import { ERROR_TITLES, type Lookup } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The reference data of the business rules: bericht versies, disciplines, netbeheerders. */
export function getLookup(signal?: AbortSignal): Promise<Lookup> {
  return apiRequest('GET', '/rest/lookup', undefined, { signal });
}

export function lookupQueryOptions() {
  return queryOptions({
    // The same key as the concept screens': one cache entry for the reference data.
    queryKey: ['regels', 'lookup'],
    queryFn: ({ signal }) => getLookup(signal),
    meta: { errorTitle: ERROR_TITLES.fetchVersions },
    staleTime: Infinity,
  });
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
