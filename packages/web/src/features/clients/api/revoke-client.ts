import type { SystemClient } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clientsQueryOptions } from './get-clients';

/** 'Intrekken': no token is issued to the client from now on. */
export function revokeClient(clientId: string): Promise<SystemClient> {
  return apiRequest('POST', `/rest/clients/${encodeURIComponent(clientId)}/intrekken`, {});
}

export function useRevokeClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  });
}
