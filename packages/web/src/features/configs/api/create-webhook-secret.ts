import type { IssuedWebhookSecret, Omgeving } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';
import type { ConfigRowKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

/** A new signing secret for the receiver, the first or in place of the current one; answered this once. */
export function createWebhookSecret(
  omgeving: Omgeving,
  key: ConfigRowKey,
  init?: ApiRequestInit,
): Promise<IssuedWebhookSecret> {
  return apiRequest('POST', omgevingPath(omgeving, '/rest/management/config/webhook-secret'), key, init);
}

export function useCreateWebhookSecret(omgeving: Omgeving) {
  const namens = useActingFor();
  return useMutation({
    mutationFn: (key: ConfigRowKey) => createWebhookSecret(omgeving, key, { namens }),
    // The answer holds the secret: the cache forgets the mutation once the panel lets go of it.
    gcTime: 0,
    meta: { changes: [configsChange(omgeving)] },
  });
}
