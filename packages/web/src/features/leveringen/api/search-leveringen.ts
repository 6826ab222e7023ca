import {
  ERROR_TITLES,
  type CappedPaged,
  type LeveringView,
  type SearchFilter,
  type SortDirection,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';

export const LEVERING_SORT_FIELDS = ['changed', 'created'] as const;
export type LeveringSortField = (typeof LEVERING_SORT_FIELDS)[number];

export interface LeveringSearch {
  filters: SearchFilter[];
  skip: number;
  limit: number;
  sortBy?: LeveringSortField;
  sortDirection?: SortDirection;
}

export function searchLeveringen(body: LeveringSearch, signal?: AbortSignal): Promise<CappedPaged<LeveringView>> {
  return apiRequest('POST', '/rest/management/levering/search', body, { signal });
}

/** Without a body: the key of every levering search. */
export function searchLeveringenQueryOptions(body?: LeveringSearch) {
  return queryOptions({
    queryKey: body ? ['leveringen', 'search', body] : ['leveringen', 'search'],
    queryFn: ({ signal }) => searchLeveringen(body ?? { filters: [], skip: 0, limit: 1 }, signal),
    meta: { errorTitle: ERROR_TITLES.fetchLeveringen },
    placeholderData: keepPreviousData,
  });
}

export function useSearchLeveringen(body: LeveringSearch) {
  return useListQuery(searchLeveringenQueryOptions(body));
}
