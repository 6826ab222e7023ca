import { type Conformity } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export function getConformity(deelnemer: string, signal?: AbortSignal): Promise<Conformity> {
  return apiRequest('GET', `/rest/testtool/conformiteit?${new URLSearchParams({ deelnemer })}`, undefined, { signal });
}

export function getConformityQueryOptions(deelnemer: string) {
  return queryOptions({
    queryKey: ['conformiteit', deelnemer],
    queryFn: ({ signal }) => getConformity(deelnemer, signal),
    // No errorTitle: a line that cannot be read is left out, without an alert.
    gcTime: 0,
  });
}

export function useConformity(deelnemer: string) {
  return useAuthenticatedQuery(getConformityQueryOptions(deelnemer));
}
