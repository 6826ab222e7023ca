import { ERROR_TITLES } from '@knooppunt/domain';
import { lookupQuery } from '@/lib/api/get-lookup';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The reference data of the business rules: bericht versies, disciplines, netbeheerders (the concept screens' cache entry). */
export function lookupQueryOptions() {
  return lookupQuery(['regels', 'lookup'], ERROR_TITLES.fetchVersions);
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
