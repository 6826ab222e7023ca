import { ERROR_TITLES, type Role } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The answer of POST /rest/roles/search (domain `roleTreeSchema`): one group per organisation type. */
export interface RoleTree {
  items: { organisatieType: string; roles: (Role & { optional: boolean })[] }[];
}

export function searchRoles(signal?: AbortSignal): Promise<RoleTree> {
  return apiRequest('POST', '/rest/roles/search', {}, { signal });
}

export function searchRolesQueryOptions() {
  return queryOptions({
    queryKey: ['roles', 'search'],
    queryFn: ({ signal }) => searchRoles(signal),
    meta: { errorTitle: ERROR_TITLES.fetchRoles },
  });
}

export function useSearchRoles() {
  return useAuthenticatedQuery(searchRolesQueryOptions());
}
