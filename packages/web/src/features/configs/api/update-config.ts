import type { ConfigView, Omgeving, UpdateConfig } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';
import type { ConfigRowKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

type UpdateConfigBody = Omit<UpdateConfig, 'versienummer'> & ConfigRowKey;

/**
 * Saves into the draft (the server starts one from the active version when there is none).
 * Without `clientSecret` the stored secret is kept. `basedOn` is the version shown: 409 when the
 * configuration changed since (decision 0025).
 */
export function updateConfig(omgeving: Omgeving, body: UpdateConfigBody, init?: ApiRequestInit): Promise<ConfigView> {
  return apiRequest('PUT', omgevingPath(omgeving, '/rest/management/config'), body, init);
}

export function useUpdateConfig(omgeving: Omgeving) {
  const namens = useActingFor();
  return useMutation({
    mutationFn: (body: UpdateConfigBody) => updateConfig(omgeving, body, { namens }),
    meta: { changes: [configsChange(omgeving)] },
  });
}
