import type { ImplementationLink } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** One organisation's links, as partner or as participant (decision 0041). */
export function getOrganisationLinks(
  organisatie: string,
  signal?: AbortSignal,
): Promise<{ items: ImplementationLink[] }> {
  return apiRequest('GET', `/rest/implementatiepartners?${new URLSearchParams({ organisatie })}`, undefined, {
    signal,
  });
}

export function organisationLinksQueryOptions(organisatie: string) {
  return queryOptions({
    queryKey: ['implementatiepartners', 'organisatie', organisatie],
    queryFn: ({ signal }) => getOrganisationLinks(organisatie, signal),
    meta: { errorTitle: LABELS.organisaties.panel.fetchLinksFailed },
  });
}

/** Only when `enabled`: another organisation's links are the super role's to read (403 otherwise). */
export function useOrganisationLinks(organisatie: string, enabled: boolean) {
  return useAuthenticatedQuery({ ...organisationLinksQueryOptions(organisatie), enabled });
}
