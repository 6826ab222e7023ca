import type { Termijnen } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useListQuery } from '@/lib/use-list-query';

/** A netbeheerder's deadlines, sorted by flow, van and tot, and whether it sends the daily mail. */
export function getTermijnen(netbeheerder: string, signal?: AbortSignal): Promise<Termijnen> {
  return apiRequest('GET', `/rest/termijnen/${encodeURIComponent(netbeheerder)}`, undefined, { signal });
}

/** Without a netbeheerder: the key of every netbeheerder's deadlines, for invalidating them all. */
export function termijnenQueryOptions(netbeheerder?: string) {
  return queryOptions({
    queryKey: netbeheerder ? ['termijnen', 'netbeheerder', netbeheerder] : ['termijnen', 'netbeheerder'],
    queryFn: ({ signal }) =>
      netbeheerder ? getTermijnen(netbeheerder, signal) : Promise.reject(new Error('no netbeheerder')),
    meta: { errorTitle: LABELS.termijnen.fetchFailed },
    enabled: netbeheerder !== undefined,
  });
}

/** Said in the table when it fails (decision 0058): the deadlines are the screen's list. */
export function useTermijnen(netbeheerder: string | undefined) {
  return useListQuery(termijnenQueryOptions(netbeheerder));
}
