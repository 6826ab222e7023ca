import type { IssuedSystemClient } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Nieuw geheim': a new secret, the previous one working on for the grace period. */
export function rotateSecret(clientId: string): Promise<IssuedSystemClient> {
  return apiRequest('POST', `/rest/clients/${encodeURIComponent(clientId)}/geheim`, {});
}

export function useRotateSecret() {
  return useMutation({
    mutationFn: rotateSecret,
    // The answer holds the secret: the cache forgets the mutation once the screen lets go of it.
    gcTime: 0,
    meta: { changes: ['clients'] },
  });
}
