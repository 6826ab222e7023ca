import type { ConfigView, Omgeving } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';
import type { ConfigRowKey as ConfigKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

/** 'Concept activeren': the draft becomes the active version. */
export function activateDraft(omgeving: Omgeving, key: ConfigKey, init?: ApiRequestInit): Promise<ConfigView> {
  return apiRequest('PATCH', omgevingPath(omgeving, '/rest/management/config'), key, init);
}

export function useActivateDraft(omgeving: Omgeving) {
  const namens = useActingFor();
  return useMutation({
    mutationFn: (key: ConfigKey) => activateDraft(omgeving, key, { namens }),
    meta: { changes: [configsChange(omgeving)] },
  });
}
