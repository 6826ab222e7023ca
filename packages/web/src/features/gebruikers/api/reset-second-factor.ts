import type { User } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * 'Tweede stap resetten': removes the user's authenticator app and recovery codes and ends its
 * sessions (decision 0054). `user` is the userid.
 */
export function resetSecondFactor(user: string): Promise<User> {
  return apiRequest('POST', '/rest/users/reset-second-factor', { user });
}

export function useResetSecondFactor() {
  return useMutation({ mutationFn: resetSecondFactor, meta: { changes: ['users'] } });
}
