import { type Lookup } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The business rules' reference data: here, the netbeheerders whose deadlines can be shown. */
export function getLookup(signal?: AbortSignal): Promise<Lookup> {
  return apiRequest('GET', '/rest/lookup', undefined, { signal });
}

export function lookupQueryOptions() {
  return queryOptions({
    queryKey: ['termijnen', 'lookup'],
    queryFn: ({ signal }) => getLookup(signal),
    // Without the netbeheerders there are no deadlines to show.
    meta: { errorTitle: LABELS.termijnen.fetchFailed },
    // Reference data: fetched once a session.
    staleTime: Infinity,
  });
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
