import type { ConfigView } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ConfigRowKey as ConfigKey } from './config-key';

/** 'Concept activeren': the draft becomes the active version. */
export function activateDraft(key: ConfigKey): Promise<ConfigView> {
  return apiRequest('PATCH', '/rest/management/config', key);
}

export function useActivateDraft() {
  return useMutation({ mutationFn: activateDraft, meta: { changes: ['configs'] } });
}
