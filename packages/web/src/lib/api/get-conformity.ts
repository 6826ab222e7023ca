import { type Conformity } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** A participant's conformity (decision 0040): shown on its configurations and its organisation. */
export function getConformity(deelnemer: string, init?: ApiRequestInit): Promise<Conformity> {
  return apiRequest('GET', `/rest/testtool/conformiteit?${new URLSearchParams({ deelnemer })}`, undefined, init);
}

/** `namens`: the participant acted for (Configuraties, decision 0041). */
export function getConformityQueryOptions(deelnemer: string, namens?: string) {
  return queryOptions({
    queryKey: ['conformiteit', deelnemer, ...actingForKey(namens)],
    queryFn: ({ signal }) => getConformity(deelnemer, { signal, namens }),
    // No errorTitle: a line that cannot be read is left out, without an alert.
    gcTime: 0,
  });
}

/** Only when `enabled`: another organisation's conformity is the super role's to read (403 otherwise). */
export function useConformity(deelnemer: string, enabled = true) {
  const namens = useActingFor();
  return useAuthenticatedQuery({ ...getConformityQueryOptions(deelnemer, namens), enabled });
}
