import { ERROR_TITLES } from '@knooppunt/domain';
import { lookupQuery } from '@/lib/api/get-lookup';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The reference data of the business rules; its failure has no title of its own in the spec's catalogue. */
export function lookupQueryOptions() {
  return lookupQuery(['regels', 'lookup'], ERROR_TITLES.fetchScenarios);
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
