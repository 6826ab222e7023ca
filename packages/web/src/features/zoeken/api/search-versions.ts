import { ERROR_TITLES, type Paged, type SortDirection, type Version } from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { queryString } from './query-string';

export const VERSION_SORT_FIELDS = [
  'omschrijving',
  'netbeheerder',
  'versie',
  'berichtVersie',
  'created',
  'ingangsdatum',
] as const;
export type VersionSortField = (typeof VERSION_SORT_FIELDS)[number];

export interface VersionQuery {
  berichtVersie?: string;
  netbeheerder?: string;
  skip: number;
  limit: number;
  sortBy: VersionSortField;
  sortDirection: SortDirection;
}

/** The published versions of every grid operator. */
export function searchVersions(query: VersionQuery, signal?: AbortSignal): Promise<Paged<Version>> {
  return apiRequest('GET', `/rest/version${queryString({ ...query })}`, undefined, { signal });
}

export function searchVersionsQueryOptions(query: VersionQuery) {
  return queryOptions({
    queryKey: ['regels', 'versions', query],
    queryFn: ({ signal }) => searchVersions(query, signal),
    meta: { errorTitle: ERROR_TITLES.fetchVersions },
    placeholderData: keepPreviousData,
  });
}

export function useSearchVersions(query: VersionQuery) {
  return useListQuery(searchVersionsQueryOptions(query));
}
