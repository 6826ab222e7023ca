import type { SystemClientList } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** Without `organisatie`: the signed-in user's own organisation's clients (the super role: every organisation's). */
export function getClients(organisatie: string | undefined, signal?: AbortSignal): Promise<SystemClientList> {
  const query = organisatie ? `?${new URLSearchParams({ organisatie })}` : '';
  return apiRequest('GET', `/rest/clients${query}`, undefined, { signal });
}

/**
 * Without an argument: the key of every organisation's list, for invalidating them all. A failure
 * is shown in place of the list (the screen has nothing else to show), not as a passing alert.
 */
export function clientsQueryOptions(organisatie?: string | null) {
  return queryOptions({
    queryKey: organisatie === undefined ? ['clients'] : ['clients', organisatie ?? ''],
    queryFn: ({ signal }) => getClients(organisatie ?? undefined, signal),
  });
}

/**
 * The clients of `organisatie`, or with `null` of the user's own organisation — for the super role,
 * whose own organisation has no systems, every organisation's.
 */
export function useClients(organisatie: string | null) {
  return useAuthenticatedQuery(clientsQueryOptions(organisatie));
}
