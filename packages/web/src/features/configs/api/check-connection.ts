import type { ConnectionCheck } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ConfigVersionKey } from './config-key';

/** Calls the token URL and every callback URL of one configuration version, from the server. */
export function checkConnection(key: ConfigVersionKey): Promise<ConnectionCheck> {
  return apiRequest('POST', '/rest/management/connection-check', key);
}

export function useCheckConnection() {
  return useMutation({ mutationFn: checkConnection, meta: { changes: [] } });
}
