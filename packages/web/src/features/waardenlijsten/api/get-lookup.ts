import { ERROR_TITLES } from '@knooppunt/domain';
import { lookupQuery } from '@/lib/api/get-lookup';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The netbeheerders, disciplines and berichtVersies to choose from; the catalogue's title for failing reference value lists (spec 001 §8 names none for the lookup). */
export function lookupQueryOptions() {
  return lookupQuery(['waardenlijsten', 'lookup'], ERROR_TITLES.fetchValuelists);
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
