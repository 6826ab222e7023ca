import type { SenderLogEntry } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { ConfigRowKey as ConfigKey } from './config-key';

export function getSenderLog(key: ConfigKey, signal?: AbortSignal): Promise<SenderLogEntry[]> {
  const query = new URLSearchParams({ deelnemer: key.deelnemer, versienummer: key.versienummer });
  return apiRequest('GET', `/rest/management/message-sender/log?${query}`, undefined, { signal });
}

/** Without a key: the key of every sending log, for invalidating them all. */
export function getSenderLogQueryOptions(key?: ConfigKey) {
  return queryOptions({
    queryKey: key ? ['configs', 'sender-log', key] : ['configs', 'sender-log'],
    queryFn: ({ signal }) => (key ? getSenderLog(key, signal) : Promise.reject(new Error('no sender'))),
    meta: { errorTitle: LABELS.senderLog.fetchFailed },
    gcTime: 0,
  });
}

export function useSenderLog(key: ConfigKey) {
  return useAuthenticatedQuery(getSenderLogQueryOptions(key));
}
