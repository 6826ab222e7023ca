import { ERROR_TITLES, type Organisation, type Paged } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

const ALL = { limit: 0, sortBy: 'organisatie', sortDirection: 'asc' } as const;

/** Every organisation (limit 0), by name: the choices of the organisation filter and of a new user. */
export function allOrganisations(signal?: AbortSignal): Promise<Paged<Organisation>> {
  return apiRequest('POST', '/rest/organisations/search', ALL, { signal });
}

export function allOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: ['organisations', 'search', ALL],
    queryFn: ({ signal }) => allOrganisations(signal),
    meta: { errorTitle: ERROR_TITLES.fetchOrganisations },
    select: (page) => page.items,
  });
}

export function useAllOrganisations() {
  return useAuthenticatedQuery(allOrganisationsQueryOptions());
}
