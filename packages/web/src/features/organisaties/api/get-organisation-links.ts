import { queryOptions } from '@tanstack/react-query';
import { getImplementationLinks } from '@/lib/namens/get-implementation-links';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export function organisationLinksQueryOptions(organisatie: string) {
  return queryOptions({
    queryKey: ['implementatiepartners', 'organisatie', organisatie],
    queryFn: ({ signal }) => getImplementationLinks(signal, organisatie),
    // Said once, in its section (implementation-links-section.tsx), with 'Opnieuw proberen' (decision 0058).
    meta: { errorTitle: LABELS.organisaties.panel.fetchLinksFailed, errorInPlace: true },
  });
}

/** Only when `enabled`: another organisation's links are the super role's and the operator's staff's to read (403 otherwise). */
export function useOrganisationLinks(organisatie: string, enabled: boolean) {
  return useAuthenticatedQuery({ ...organisationLinksQueryOptions(organisatie), enabled });
}
