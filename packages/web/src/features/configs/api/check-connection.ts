import type { ConnectionCheck, Omgeving } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';
import type { ConfigVersionKey } from './config-key';
import { omgevingPath } from './omgeving';

/** Calls the token URL and every callback URL of one configuration version, from the server. */
export function checkConnection(
  omgeving: Omgeving,
  key: ConfigVersionKey,
  init?: ApiRequestInit,
): Promise<ConnectionCheck> {
  return apiRequest('POST', omgevingPath(omgeving, '/rest/management/connection-check'), key, init);
}

export function useCheckConnection(omgeving: Omgeving) {
  const namens = useActingFor();
  return useMutation({
    mutationFn: (key: ConfigVersionKey) => checkConnection(omgeving, key, { namens }),
    meta: { changes: [] },
  });
}
