import type { ConfigView, UpdateConfig } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ConfigRowKey } from './config-key';

/**
 * Saves into the draft (the server starts one from the active version when there is none).
 * Without `clientSecret` the stored secret is kept. `basedOn` is the version shown: 409 when the
 * configuration changed since (decision 0025).
 */
export function updateConfig(body: Omit<UpdateConfig, 'versienummer'> & ConfigRowKey): Promise<ConfigView> {
  return apiRequest('PUT', '/rest/management/config', body);
}

export function useUpdateConfig() {
  return useMutation({ mutationFn: updateConfig, meta: { changes: ['configs'] } });
}
