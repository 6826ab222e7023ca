import {
  ERROR_TITLES,
  type ConfigListItem,
  type Paged,
  type SearchFilter,
  type SortDirection,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export const CONFIG_SORT_FIELDS = ['created', 'deelnemer', 'updated'] as const;
export type ConfigSortField = (typeof CONFIG_SORT_FIELDS)[number];

export interface ConfigSearch {
  filters: SearchFilter[];
  skip: number;
  limit: number;
  sortBy?: ConfigSortField;
  sortDirection?: SortDirection;
}

export function searchConfigs(body: ConfigSearch, signal?: AbortSignal): Promise<Paged<ConfigListItem>> {
  return apiRequest('POST', '/rest/management/config/search', body, { signal });
}

/** Without a body: the key of every configuration search, for invalidating them all. */
export function searchConfigsQueryOptions(body?: ConfigSearch) {
  return queryOptions({
    queryKey: body ? ['configs', 'search', body] : ['configs', 'search'],
    queryFn: ({ signal }) => searchConfigs(body ?? { filters: [], skip: 0, limit: 10 }, signal),
    meta: { errorTitle: ERROR_TITLES.fetchConfigs },
    placeholderData: keepPreviousData,
  });
}

export function useSearchConfigs(body: ConfigSearch) {
  return useAuthenticatedQuery(searchConfigsQueryOptions(body));
}
