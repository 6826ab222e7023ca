import { ERROR_TITLES } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export interface ConfigValuelists {
  /** Organisation names, offered as participants. */
  deelnemers: string[];
  versienummers: { aansluiting: string[]; hoofdnet: string[] };
}

export function getValuelists(signal?: AbortSignal): Promise<ConfigValuelists> {
  return apiRequest('GET', '/rest/valuelist', undefined, { signal });
}

export function valuelistsQueryOptions() {
  return queryOptions({
    queryKey: ['configs', 'valuelists'],
    queryFn: ({ signal }) => getValuelists(signal),
    meta: { errorTitle: ERROR_TITLES.fetchValuelists },
  });
}

export function useValuelists(enabled = true) {
  return useAuthenticatedQuery({ ...valuelistsQueryOptions(), enabled });
}
