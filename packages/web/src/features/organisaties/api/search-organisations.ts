import { ERROR_TITLES, type Organisation, type OrganisationSearch, type Paged } from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import { useListQuery } from '@/lib/use-list-query';

export function searchOrganisations(body: OrganisationSearch, signal?: AbortSignal): Promise<Paged<Organisation>> {
  return apiRequest('POST', '/rest/organisations/search', body, { signal });
}

/** Without a body: the key of every organisation search, for invalidating them all. */
export function searchOrganisationsQueryOptions(body?: OrganisationSearch) {
  return queryOptions({
    queryKey: body ? ['organisations', 'search', body] : ['organisations', 'search'],
    queryFn: ({ signal }) => searchOrganisations(body ?? {}, signal),
    meta: { errorTitle: ERROR_TITLES.fetchOrganisations },
    // Keep the current page on screen while the next one loads, instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useSearchOrganisations(body: OrganisationSearch) {
  return useListQuery(searchOrganisationsQueryOptions(body));
}

const ALL = { limit: 0, sortBy: 'organisatie', sortDirection: 'asc' } as const;

/**
 * Every organisation, only when `enabled`: whether the signed-in user's deelnemer is one of the
 * operator's own organisations decides who may create organisations (decision 0014).
 */
export function useAllOrganisations(enabled: boolean) {
  return useAuthenticatedQuery({ ...searchOrganisationsQueryOptions(ALL), enabled, select: (page) => page.items });
}
