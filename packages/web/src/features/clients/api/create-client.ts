import type { CreateSystemClient, IssuedSystemClient } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function createClient(body: CreateSystemClient): Promise<IssuedSystemClient> {
  return apiRequest('POST', '/rest/clients', body);
}

export function useCreateClient() {
  return useMutation({
    mutationFn: createClient,
    // The answer holds the secret: the cache forgets the mutation once the screen lets go of it.
    gcTime: 0,
    meta: { changes: ['clients'] },
  });
}
