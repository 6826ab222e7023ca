import { LABELS } from '@/lib/texts';
import { lookupQuery } from '@/lib/api/get-lookup';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The netbeheerders whose deadlines can be shown: without them there are none to show. */
export function lookupQueryOptions() {
  return lookupQuery(['termijnen', 'lookup'], LABELS.termijnen.fetchFailed);
}

export function useLookup() {
  return useAuthenticatedQuery(lookupQueryOptions());
}
