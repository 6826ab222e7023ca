import type { SecondFactorCode } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { secondFactorQueryOptions } from './get-second-factor';

/** 'Tweede stap verwijderen' with a code of the app: the app and the recovery codes are removed. */
export function removeSecondFactor(body: SecondFactorCode): Promise<void> {
  return apiRequest('DELETE', '/rest/account/second-factor', body);
}

export function useRemoveSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions().queryKey }),
    // The user lists show who has a second factor.
    meta: { changes: ['users'] },
  });
}
