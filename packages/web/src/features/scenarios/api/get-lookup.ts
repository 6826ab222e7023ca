import { ERROR_TITLES, type Lookup } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The reference data of the business rules: bericht versies, disciplines, netbeheerders, work types, calendar. */
export function getLookup(signal?: AbortSignal): Promise<Lookup> {
  return apiRequest('GET', '/rest/lookup', undefined, { signal });
}

export function lookupQueryOptions() {
  return queryOptions({
    queryKey: ['regels', 'lookup'],
    queryFn: ({ signal }) => getLookup(signal),
    // The lists cannot be shown without it; no title of its own in the spec's catalogue.
    meta: { errorTitle: ERROR_TITLES.fetchScenarios },
    staleTime: Infinity,
  });
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
