import type { SystemClient } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Intrekken': no token is issued to the client from now on. */
export function revokeClient(clientId: string): Promise<SystemClient> {
  return apiRequest('POST', `/rest/clients/${encodeURIComponent(clientId)}/intrekken`, {});
}

export function useRevokeClient() {
  return useMutation({
    mutationFn: revokeClient,
    meta: { changes: ['clients'] },
  });
}
