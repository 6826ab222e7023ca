import type { User } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Deblokkeren': the user logs in again with its password. `user` is the userid. */
export function unblockUser(user: string): Promise<User> {
  return apiRequest('POST', '/rest/users/unblock', { user });
}

export function useUnblockUser() {
  return useMutation({ mutationFn: unblockUser, meta: { changes: ['users'] } });
}
