import { ERROR_TITLES, type Paged, type ScenarioRow, type SortDirection } from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { queryString } from './query-string';

/** What the concept list sorts on (spec 001 §2.1). */
export const SCENARIO_SORT_FIELDS = ['omschrijving', 'versie', 'berichtVersie'] as const;
export type ScenarioSortField = (typeof SCENARIO_SORT_FIELDS)[number];

export interface ScenarioQuery {
  berichtVersie?: string;
  discipline?: string;
  versie: string;
  netbeheerder?: string | undefined;
  omschrijving?: string;
  skip: number;
  limit: number;
  sortBy?: ScenarioSortField | undefined;
  sortDirection?: SortDirection;
}

export function searchScenarios(query: ScenarioQuery, signal?: AbortSignal): Promise<Paged<ScenarioRow>> {
  return apiRequest('GET', `/rest/rules${queryString({ ...query })}`, undefined, { signal });
}

export function searchScenariosQueryOptions(query: ScenarioQuery) {
  return queryOptions({
    queryKey: ['regels', 'scenarios', query],
    queryFn: ({ signal }) => searchScenarios(query, signal),
    meta: { errorTitle: ERROR_TITLES.fetchScenarios },
    placeholderData: keepPreviousData,
  });
}

/** Waits while `enabled` is false (the netbeheerder to filter on is not known yet). */
export function useSearchScenarios(query: ScenarioQuery, enabled: boolean) {
  return useListQuery({ ...searchScenariosQueryOptions(query), enabled });
}
