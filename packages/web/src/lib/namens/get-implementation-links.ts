import type { ImplementationLink } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The own organisation's links to implementation partners, as partner or as participant (decision 0041). */
export function getImplementationLinks(signal?: AbortSignal): Promise<{ items: ImplementationLink[] }> {
  return apiRequest('GET', '/rest/implementatiepartners', undefined, { signal });
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
