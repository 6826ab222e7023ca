import {
  ERROR_TITLES,
  type ComparedScenario,
  type Paged,
  type ScenarioRow,
  type SortDirection,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { queryString } from './query-string';
import type { VersionRef } from './version-ref';

export const RESULT_SORT_FIELDS = ['omschrijving', 'discipline'] as const;
export type ResultSortField = (typeof RESULT_SORT_FIELDS)[number];

/**
 * A row of the results: a published scenario, or, when two versions are compared, the pair of
 * scenarios matched (spec 001 §3: `_id` and `omschrijving` as [compared, current]) with what changed.
 */
export type ResultRow = ScenarioRow | ComparedScenario;

export const isCompared = (row: ResultRow): row is ComparedScenario => Array.isArray(row._id);

/** The row's scenario ids as [older, newer]; one side is null when the scenario is only in the other version. */
const idsOf = (row: ResultRow): [string | null, string | null] => (isCompared(row) ? row._id : [null, row._id]);

/** A key for the row: its scenario ids. */
export const rowKey = (row: ResultRow): string => idsOf(row).join('~');

/** The omschrijving shown: the newer scenario's, or the older one's when it was removed. */
export function omschrijvingOf(row: ResultRow): string {
  if (!isCompared(row)) return row.omschrijving;
  const [older, newer] = row.omschrijving;
  return newer ?? older ?? '';
}

/** The older version's omschrijving when the newer one renamed the scenario. */
export function renamedFrom(row: ResultRow): string | undefined {
  if (!isCompared(row)) return undefined;
  const [older, newer] = row.omschrijving;
  return older !== null && newer !== null && older !== newer ? older : undefined;
}

/** The scenario detail: beside the older scenario when both versions have one (spec 001 §2.3). */
export function scenarioPath(row: ResultRow): string {
  const [older, newer] = idsOf(row);
  if (older && newer) return `/scenario/${newer}/compare/${older}`;
  return `/scenario/${newer ?? older ?? ''}`;
}

export interface ResultQuery {
  /** The version listed; when comparing, the newer of the two. */
  version: VersionRef;
  /** Compare mode: the older version, that `version` is compared with. */
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

const NO_VERSION: VersionRef = { id: '', netbeheerder: '', berichtVersie: '', versie: 0, ingangsdatum: '' };

/** Nothing is asked until a version is chosen (spec 001 §2.3). */
export function useSearchPublished(query: Omit<ResultQuery, 'version'> & { version: VersionRef | undefined }) {
  const { version } = query;
  return useListQuery({
    ...searchPublishedQueryOptions({ ...query, version: version ?? NO_VERSION }),
    enabled: version !== undefined,
  });
}
