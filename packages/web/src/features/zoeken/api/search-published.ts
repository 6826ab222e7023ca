import { ERROR_TITLES, type Paged, type ScenarioRow, type SortDirection, type Verschil } from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import { queryString } from './query-string';
import type { VersionRef } from './version-ref';

export const RESULT_SORT_FIELDS = ['omschrijving', 'discipline'] as const;
export type ResultSortField = (typeof RESULT_SORT_FIELDS)[number];

/** A row of the results: a published scenario, with what changed when two versions are compared. */
export interface ResultRow extends ScenarioRow {
  verschil?: Verschil | null;
  /** The scenario of the compared version it was matched with. */
  compareId?: string | null;
  /** [compared, current] omschrijving. */
  omschrijvingen?: [string | null, string | null];
}

export interface ResultQuery {
  version: VersionRef;
  /** Compare mode: the version `version` is compared with. */
  compared?: VersionRef | undefined;
  discipline?: string;
  skip: number;
  limit: number;
  sortBy?: ResultSortField | undefined;
  sortDirection?: SortDirection;
}

/**
 * One version's scenarios (GET /rest/rules with its number, grid operator and bericht versie), or
 * that version compared with another (GET /rest/version/{id}/compare/{compareId}).
 */
export function searchPublished(query: ResultQuery, signal?: AbortSignal): Promise<Paged<ResultRow>> {
  const { version, compared, ...rest } = query;
  if (compared) {
    const path = `/rest/version/${encodeURIComponent(version.id)}/compare/${encodeURIComponent(compared.id)}`;
    return apiRequest('GET', `${path}${queryString({ ...rest })}`, undefined, { signal });
  }
  const { netbeheerder, berichtVersie, versie } = version;
  const search = queryString({ versie, netbeheerder, berichtVersie, ...rest });
  return apiRequest('GET', `/rest/rules${search}`, undefined, { signal });
}

export function searchPublishedQueryOptions(query: ResultQuery) {
  return queryOptions({
    queryKey: ['regels', 'published', query],
    queryFn: ({ signal }) => searchPublished(query, signal),
    meta: { errorTitle: ERROR_TITLES.fetchScenarios },
    placeholderData: keepPreviousData,
  });
}

const NO_VERSION: VersionRef = { id: '', netbeheerder: '', berichtVersie: '', versie: 0 };

/** Nothing is asked until a version is chosen (spec 001 §2.3). */
export function useSearchPublished(query: Omit<ResultQuery, 'version'> & { version: VersionRef | undefined }) {
  const { version } = query;
  return useAuthenticatedQuery({
    ...searchPublishedQueryOptions({ ...query, version: version ?? NO_VERSION }),
    enabled: version !== undefined,
  });
}
