import {
  ERROR_TITLES,
  type ConfigListItem,
  type Omgeving,
  type Paged,
  type SearchFilter,
  type SortDirection,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useListQuery } from '@/lib/use-list-query';
import { omgevingPath } from './omgeving';

export const CONFIG_SORT_FIELDS = ['created', 'deelnemer', 'updated'] as const;
export type ConfigSortField = (typeof CONFIG_SORT_FIELDS)[number];

export interface ConfigSearch {
  filters: SearchFilter[];
  skip: number;
  limit: number;
  sortBy?: ConfigSortField;
  sortDirection?: SortDirection;
}

export function searchConfigs(
  omgeving: Omgeving,
  body: ConfigSearch,
  init?: ApiRequestInit,
): Promise<Paged<ConfigListItem>> {
  return apiRequest('POST', omgevingPath(omgeving, '/rest/management/config/search'), body, init);
}

/**
 * Without a body: the key of every configuration search of the environment, for invalidating them
 * all. `namens`: the participant acted for (decision 0041).
 */
export function searchConfigsQueryOptions(omgeving: Omgeving, body?: ConfigSearch, namens?: string) {
  return queryOptions({
    queryKey: body ? ['configs', 'search', omgeving, ...actingForKey(namens), body] : ['configs', 'search', omgeving],
    queryFn: ({ signal }) => searchConfigs(omgeving, body ?? { filters: [], skip: 0, limit: 10 }, { signal, namens }),
    meta: { errorTitle: ERROR_TITLES.fetchConfigs },
    placeholderData: keepPreviousData,
  });
}

export function useSearchConfigs(omgeving: Omgeving, body: ConfigSearch) {
  const namens = useActingFor();
  return useListQuery(searchConfigsQueryOptions(omgeving, body, namens));
}
