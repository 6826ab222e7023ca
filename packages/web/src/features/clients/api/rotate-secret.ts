import type { IssuedSystemClient } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clientsQueryOptions } from './get-clients';

/** 'Nieuw geheim': a new secret, the previous one working on for the grace period. */
export function rotateSecret(clientId: string): Promise<IssuedSystemClient> {
  return apiRequest('POST', `/rest/clients/${encodeURIComponent(clientId)}/geheim`, {});
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSecret,
    // The answer holds the secret: the cache forgets the mutation once the screen lets go of it.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  });
}
