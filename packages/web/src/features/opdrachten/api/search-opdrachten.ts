import {
  ERROR_TITLES,
  type CappedPaged,
  type Flow,
  type OpdrachtView,
  type SearchFilter,
  type SortDirection,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';

export const OPDRACHT_SORT_FIELDS = ['changed', 'created', 'opdrachtId'] as const;
export type OpdrachtSortField = (typeof OPDRACHT_SORT_FIELDS)[number];

export interface OpdrachtSearch {
  filters: SearchFilter[];
  skip: number;
  limit: number;
  sortBy?: OpdrachtSortField;
  sortDirection?: SortDirection;
}

/** Each flow has its own search call and its own alert title (spec 000 §7, §8). */
const SEARCH: Record<Flow, { path: string; errorTitle: string }> = {
  aansluiting: { path: '/rest/management/opdracht/search', errorTitle: ERROR_TITLES.fetchOpdrachten },
  hoofdnet: { path: '/rest/management/opdracht-hoofdnet/search', errorTitle: ERROR_TITLES.fetchHoofdnetOpdrachten },
};

export function searchOpdrachten(
  flow: Flow,
  body: OpdrachtSearch,
  signal?: AbortSignal,
): Promise<CappedPaged<OpdrachtView>> {
  return apiRequest('POST', SEARCH[flow].path, body, { signal });
}

/** Without a search: the key of every order search of both flows, for invalidating them all. */
export function searchOpdrachtenQueryOptions(search?: { flow: Flow; body: OpdrachtSearch }) {
  const { flow, body } = search ?? { flow: 'aansluiting', body: { filters: [], skip: 0, limit: 1 } };
  return queryOptions({
    queryKey: search ? ['opdrachten', 'search', flow, body] : ['opdrachten', 'search'],
    queryFn: ({ signal }) => searchOpdrachten(flow, body, signal),
    meta: { errorTitle: SEARCH[flow].errorTitle },
    placeholderData: keepPreviousData,
  });
}

export function useSearchOpdrachten(flow: Flow, body: OpdrachtSearch) {
  return useListQuery(searchOpdrachtenQueryOptions({ flow, body }));
}
