import { ERROR_TITLES, type ConfigView, type Omgeving } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { ConfigVersionKey } from './config-key';
import { omgevingPath } from './omgeving';

export function getConfig(omgeving: Omgeving, key: ConfigVersionKey, init?: ApiRequestInit): Promise<ConfigView> {
  const query = new URLSearchParams({
    deelnemer: key.deelnemer,
    versienummer: key.versienummer,
    version: String(key.version),
    draft: String(key.draft),
  });
  return apiRequest('GET', omgevingPath(omgeving, `/rest/management/config?${query}`), undefined, init);
}

/**
 * Without a key: the key of every configuration of the environment shown, for invalidating them
 * all. `namens`: the participant acted for (decision 0041).
 */
export function getConfigQueryOptions(omgeving: Omgeving, key?: ConfigVersionKey, namens?: string) {
  return queryOptions({
    queryKey: key ? ['configs', 'detail', omgeving, ...actingForKey(namens), key] : ['configs', 'detail', omgeving],
    queryFn: ({ signal }) =>
      key ? getConfig(omgeving, key, { signal, namens }) : Promise.reject(new Error('no configuration')),
    // Said once, in the panel (config-panel.tsx), with 'Opnieuw proberen' (decision 0058).
    meta: { errorTitle: ERROR_TITLES.fetchConfig, errorInPlace: true },
    // Dropped once the panel closes, so opening a row again shows what the server has now
    // (queries do not refetch on mount).
    gcTime: 0,
  });
}

export function useConfig(omgeving: Omgeving, key: ConfigVersionKey) {
  const namens = useActingFor();
  return useAuthenticatedQuery(getConfigQueryOptions(omgeving, key, namens));
}
