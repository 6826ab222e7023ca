import { ERROR_TITLES, type Paged, type SortDirection, type User } from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';

/** The body of POST /rest/users/search (domain `userSearchSchema`). */
export interface UserSearch {
  filters?: { name: 'roles' | 'organisatie' | 'search'; value: string | string[] }[];
  skip?: number;
  limit?: number;
  sortBy?: 'email' | 'organisatie';
  sortDirection?: SortDirection;
}

export function searchUsers(body: UserSearch, signal?: AbortSignal): Promise<Paged<User>> {
  return apiRequest('POST', '/rest/users/search', body, { signal });
}

/** Without a body: the key of every user search, for invalidating them all. */
export function searchUsersQueryOptions(body?: UserSearch) {
  return queryOptions({
    queryKey: body ? ['users', 'search', body] : ['users', 'search'],
    queryFn: ({ signal }) => searchUsers(body ?? {}, signal),
    meta: { errorTitle: ERROR_TITLES.fetchUsers },
    // Keep the current page on screen while the next one loads, instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useSearchUsers(body: UserSearch) {
  return useListQuery(searchUsersQueryOptions(body));
}
