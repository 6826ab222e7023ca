import type { ConfigView, CreateConfig, Omgeving } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';
import type { ConfigRowKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

type CreateConfigBody = Omit<CreateConfig, 'versienummer'> & ConfigRowKey;

/** Creates a configuration as a draft. */
export function createConfig(omgeving: Omgeving, body: CreateConfigBody, init?: ApiRequestInit): Promise<ConfigView> {
  return apiRequest('POST', omgevingPath(omgeving, '/rest/management/config'), body, init);
}

export function useCreateConfig(omgeving: Omgeving) {
  const namens = useActingFor();
  return useMutation({
    mutationFn: (body: CreateConfigBody) => createConfig(omgeving, body, { namens }),
    meta: { changes: [configsChange(omgeving)] },
  });
}
