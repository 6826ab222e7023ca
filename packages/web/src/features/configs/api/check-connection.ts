import type { ConnectionCheck, Omgeving } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ConfigVersionKey } from './config-key';
import { omgevingPath } from './omgeving';

/** Calls the token URL and every callback URL of one configuration version, from the server. */
export function checkConnection(omgeving: Omgeving, key: ConfigVersionKey): Promise<ConnectionCheck> {
  return apiRequest('POST', omgevingPath(omgeving, '/rest/management/connection-check'), key);
}

export function useCheckConnection(omgeving: Omgeving) {
  return useMutation({
    mutationFn: (key: ConfigVersionKey) => checkConnection(omgeving, key),
    meta: { changes: [] },
  });
}
