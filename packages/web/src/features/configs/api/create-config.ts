import type { ConfigView, CreateConfig } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ConfigRowKey } from './config-key';

/** Creates a configuration as a draft. */
export function createConfig(body: Omit<CreateConfig, 'versienummer'> & ConfigRowKey): Promise<ConfigView> {
  return apiRequest('POST', '/rest/management/config', body);
}

export function useCreateConfig() {
  return useMutation({ mutationFn: createConfig, meta: { changes: ['configs'] } });
}
