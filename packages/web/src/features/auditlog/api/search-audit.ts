import {
  ERROR_TITLES,
  type AuditEntryView,
  type CappedPaged,
  type SearchFilter,
  type SortDirection,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';

export const AUDIT_SORT_FIELDS = ['at'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

export interface AuditSearch {
  filters: SearchFilter[];
  skip: number;
  limit: number;
  sortBy?: AuditSortField;
  sortDirection?: SortDirection;
}

export function searchAudit(body: AuditSearch, signal?: AbortSignal): Promise<CappedPaged<AuditEntryView>> {
  return apiRequest('POST', '/rest/audit/search', body, { signal });
}

/** Without a body: the key of every audit search. */
export function searchAuditQueryOptions(body?: AuditSearch) {
  return queryOptions({
    queryKey: body ? ['audit', 'search', body] : ['audit', 'search'],
    queryFn: ({ signal }) => searchAudit(body ?? { filters: [], skip: 0, limit: 1 }, signal),
    meta: { errorTitle: ERROR_TITLES.fetchAuditLog },
    placeholderData: keepPreviousData,
  });
}

export function useSearchAudit(body: AuditSearch) {
  return useListQuery(searchAuditQueryOptions(body));
}
