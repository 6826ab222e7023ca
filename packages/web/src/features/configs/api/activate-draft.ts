import type { ConfigView, Omgeving } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ConfigRowKey as ConfigKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

/** 'Concept activeren': the draft becomes the active version. */
export function activateDraft(omgeving: Omgeving, key: ConfigKey): Promise<ConfigView> {
  return apiRequest('PATCH', omgevingPath(omgeving, '/rest/management/config'), key);
}

export function useActivateDraft(omgeving: Omgeving) {
  return useMutation({
    mutationFn: (key: ConfigKey) => activateDraft(omgeving, key),
    meta: { changes: [configsChange(omgeving)] },
  });
}
