import type { ConfigView, CreateConfig, Omgeving } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ConfigRowKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

type CreateConfigBody = Omit<CreateConfig, 'versienummer'> & ConfigRowKey;

/** Creates a configuration as a draft. */
export function createConfig(omgeving: Omgeving, body: CreateConfigBody): Promise<ConfigView> {
  return apiRequest('POST', omgevingPath(omgeving, '/rest/management/config'), body);
}

export function useCreateConfig(omgeving: Omgeving) {
  return useMutation({
    mutationFn: (body: CreateConfigBody) => createConfig(omgeving, body),
    meta: { changes: [configsChange(omgeving)] },
  });
}
