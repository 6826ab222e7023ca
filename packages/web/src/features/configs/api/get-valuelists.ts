import { ERROR_TITLES } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export interface ConfigValuelists {
  /** Organisation names, offered as participants. */
  deelnemers: string[];
  versienummers: { aansluiting: string[]; hoofdnet: string[] };
  /** The participants of type Aannemer among them: their form shows the opdrachtnemer URLs first. */
  aannemers: string[];
}

export function getValuelists(init?: ApiRequestInit): Promise<ConfigValuelists> {
  return apiRequest('GET', '/rest/valuelist', undefined, init);
}

/** `namens`: the participant acted for (decision 0041), who is offered only itself. */
export function valuelistsQueryOptions(namens?: string) {
  return queryOptions({
    queryKey: ['configs', 'valuelists', ...actingForKey(namens)],
    queryFn: ({ signal }) => getValuelists({ signal, namens }),
    meta: { errorTitle: ERROR_TITLES.fetchValuelists },
  });
}

export function useValuelists(enabled = true) {
  const namens = useActingFor();
  return useAuthenticatedQuery({ ...valuelistsQueryOptions(namens), enabled });
}
