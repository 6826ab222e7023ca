import { ERROR_TITLES, type ConfigView } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { ConfigVersionKey } from './config-key';

export function getConfig(key: ConfigVersionKey, signal?: AbortSignal): Promise<ConfigView> {
  const query = new URLSearchParams({
    deelnemer: key.deelnemer,
    versienummer: key.versienummer,
    version: String(key.version),
    draft: String(key.draft),
  });
  return apiRequest('GET', `/rest/management/config?${query}`, undefined, { signal });
}

/** Without a key: the key of every configuration shown, for invalidating them all. */
export function getConfigQueryOptions(key?: ConfigVersionKey) {
  return queryOptions({
    queryKey: key ? ['configs', 'detail', key] : ['configs', 'detail'],
    queryFn: ({ signal }) => (key ? getConfig(key, signal) : Promise.reject(new Error('no configuration'))),
    meta: { errorTitle: ERROR_TITLES.fetchConfig },
    // Dropped once the panel closes, so opening a row again shows what the server has now
    // (queries do not refetch on mount).
    gcTime: 0,
  });
}

export function useConfig(key: ConfigVersionKey) {
  return useAuthenticatedQuery(getConfigQueryOptions(key));
}
