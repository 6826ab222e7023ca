import { CLIENT_ORGANISATION_TYPES, ERROR_TITLES, type Organisation, type Paged } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

const ALL = { limit: 0, sortBy: 'organisatie', sortDirection: 'asc' } as const;
const TYPES: readonly string[] = CLIENT_ORGANISATION_TYPES;

/** Every organisation (limit 0), by name, through the organisations search the portal already makes. */
export function allOrganisations(signal?: AbortSignal): Promise<Paged<Organisation>> {
  return apiRequest('POST', '/rest/organisations/search', ALL, { signal });
}

/** The names of the organisations whose systems exchange messages: the choices of the organisation picker. */
export function clientOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: ['organisations', 'search', ALL],
    queryFn: ({ signal }) => allOrganisations(signal),
    meta: { errorTitle: ERROR_TITLES.fetchOrganisations },
    select: (page) => page.items.filter((organisation) => TYPES.includes(organisation.type)).map((o) => o.organisatie),
  });
}

export function useClientOrganisations(enabled: boolean) {
  return useAuthenticatedQuery({ ...clientOrganisationsQueryOptions(), enabled });
}
