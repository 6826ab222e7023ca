import type { Omgeving, SenderLogEntry } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { ConfigRowKey as ConfigKey } from './config-key';
import { omgevingPath } from './omgeving';

export function getSenderLog(omgeving: Omgeving, key: ConfigKey, signal?: AbortSignal): Promise<SenderLogEntry[]> {
  const query = new URLSearchParams({ deelnemer: key.deelnemer, versienummer: key.versienummer });
  return apiRequest('GET', omgevingPath(omgeving, `/rest/management/message-sender/log?${query}`), undefined, {
    signal,
  });
}

/** Without a key: the key of every sending log of the environment, for invalidating them all. */
export function getSenderLogQueryOptions(omgeving: Omgeving, key?: ConfigKey) {
  return queryOptions({
    queryKey: key ? ['configs', 'sender-log', omgeving, key] : ['configs', 'sender-log', omgeving],
    queryFn: ({ signal }) => (key ? getSenderLog(omgeving, key, signal) : Promise.reject(new Error('no sender'))),
    meta: { errorTitle: LABELS.senderLog.fetchFailed },
    gcTime: 0,
  });
}

export function useSenderLog(omgeving: Omgeving, key: ConfigKey) {
  return useAuthenticatedQuery(getSenderLogQueryOptions(omgeving, key));
}
