import type { Omgeving, SenderLogEntry } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { ConfigRowKey as ConfigKey } from './config-key';
import { omgevingPath } from './omgeving';

export function getSenderLog(omgeving: Omgeving, key: ConfigKey, init?: ApiRequestInit): Promise<SenderLogEntry[]> {
  const query = new URLSearchParams({ deelnemer: key.deelnemer, versienummer: key.versienummer });
  return apiRequest('GET', omgevingPath(omgeving, `/rest/management/message-sender/log?${query}`), undefined, init);
}

/**
 * Without a key: the key of every sending log of the environment, for invalidating them all.
 * `namens`: the participant acted for (decision 0041).
 */
export function getSenderLogQueryOptions(omgeving: Omgeving, key?: ConfigKey, namens?: string) {
  return queryOptions({
    queryKey: key
      ? ['configs', 'sender-log', omgeving, ...actingForKey(namens), key]
      : ['configs', 'sender-log', omgeving],
    queryFn: ({ signal }) =>
      key ? getSenderLog(omgeving, key, { signal, namens }) : Promise.reject(new Error('no sender')),
    // Said once, in the panel (sender-log-panel.tsx), with 'Opnieuw proberen' (decision 0058).
    meta: { errorTitle: LABELS.senderLog.fetchFailed, errorInPlace: true },
    gcTime: 0,
  });
}

export function useSenderLog(omgeving: Omgeving, key: ConfigKey) {
  const namens = useActingFor();
  return useAuthenticatedQuery(getSenderLogQueryOptions(omgeving, key, namens));
}
