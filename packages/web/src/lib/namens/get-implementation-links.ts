import type { ImplementationLink } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/**
 * An organisation's links to implementation partners, as partner or as participant (decision
 * 0041): the own organisation's without `organisatie`.
 */
export function getImplementationLinks(
  signal?: AbortSignal,
  organisatie?: string,
): Promise<{ items: ImplementationLink[] }> {
  const query = organisatie === undefined ? '' : `?${new URLSearchParams({ organisatie })}`;
  return apiRequest('GET', `/rest/implementatiepartners${query}`, undefined, { signal });
}

export function implementationLinksQueryOptions() {
  return queryOptions({
    queryKey: ['implementatiepartners', 'own'],
    queryFn: ({ signal }) => getImplementationLinks(signal),
    meta: { errorTitle: LABELS.actingFor.fetchFailed },
  });
}

/** Only for who implements for others: anyone else has no links to choose from. */
export function useImplementationLinks(enabled: boolean) {
  return useAuthenticatedQuery({ ...implementationLinksQueryOptions(), enabled });
}
