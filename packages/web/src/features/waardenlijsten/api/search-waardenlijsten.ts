import {
  ERROR_TITLES,
  type Paged,
  type SortDirection,
  type WAARDENLIJST_SORT_FIELDS,
  type WaardenlijstRow,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';

export interface WaardenlijstSearch {
  netbeheerder?: string;
  discipline?: string;
  skip: number;
  limit: number;
  sortBy?: (typeof WAARDENLIJST_SORT_FIELDS)[number] | undefined;
  sortDirection?: SortDirection;
}

export function searchWaardenlijsten(
  search: WaardenlijstSearch,
  signal?: AbortSignal,
): Promise<Paged<WaardenlijstRow>> {
  const query = new URLSearchParams();
  // Empty filters mean all: they are left out, as the server treats every filter as equality.
  for (const [name, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return apiRequest('GET', `/rest/waardenlijst?${query}`, undefined, { signal });
}

/** Without a search: the key of every list of value lists, for invalidating them all. */
export function searchWaardenlijstenQueryOptions(search?: WaardenlijstSearch) {
  return queryOptions({
    queryKey: search ? ['waardenlijsten', 'search', search] : ['waardenlijsten', 'search'],
    queryFn: ({ signal }) => searchWaardenlijsten(search ?? { skip: 0, limit: 25 }, signal),
    meta: { errorTitle: ERROR_TITLES.fetchWaardenlijsten },
    // Keep the current page on screen while the next one loads, instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useSearchWaardenlijsten(search: WaardenlijstSearch) {
  return useListQuery(searchWaardenlijstenQueryOptions(search));
}
