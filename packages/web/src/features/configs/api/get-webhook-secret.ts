import { ERROR_TITLES, type Omgeving, type WebhookSecretStatus } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import type { ConfigRowKey } from './config-key';
import { omgevingPath } from './omgeving';

/** Whether the receiver has a signing secret, since when, and a previous one's grace (decision 0061). */
export function getWebhookSecret(
  omgeving: Omgeving,
  key: ConfigRowKey,
  init?: ApiRequestInit,
): Promise<WebhookSecretStatus> {
  const query = new URLSearchParams({ deelnemer: key.deelnemer, versienummer: key.versienummer });
  return apiRequest('GET', omgevingPath(omgeving, `/rest/management/config/webhook-secret?${query}`), undefined, init);
}

/**
 * Under the environment's configuration details: a change of its configurations (a new secret
 * too) makes it stale.
 */
export function getWebhookSecretQueryOptions(omgeving: Omgeving, key: ConfigRowKey, namens?: string) {
  return queryOptions({
    queryKey: ['configs', 'detail', omgeving, 'webhook-secret', ...actingForKey(namens), key],
    queryFn: ({ signal }) => getWebhookSecret(omgeving, key, { signal, namens }),
    meta: { errorTitle: ERROR_TITLES.fetchWebhookSecret },
    gcTime: 0,
  });
}

export function useWebhookSecret(omgeving: Omgeving, key: ConfigRowKey) {
  const namens = useActingFor();
  return useAuthenticatedQuery(getWebhookSecretQueryOptions(omgeving, key, namens));
}
