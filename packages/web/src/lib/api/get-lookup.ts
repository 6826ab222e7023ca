import { type Lookup } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The business rules' reference data: bericht versies, disciplines, netbeheerders, work types, calendar. */
export function getLookup(signal?: AbortSignal): Promise<Lookup> {
  return apiRequest('GET', '/rest/lookup', undefined, { signal });
}

/**
 * The lookup as a screen reads it: under its cache key (the concept screens and Zoeken share one)
 * and with the alert title its failure shows. Reference data: fetched once a session.
 */
export function lookupQuery(queryKey: readonly [string, 'lookup'], errorTitle: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getLookup(signal),
    meta: { errorTitle },
    staleTime: Infinity,
  });
}
