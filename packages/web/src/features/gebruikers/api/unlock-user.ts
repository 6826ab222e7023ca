import type { User } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Ontgrendelen': lifts the lock after too many failed logins (decision 0016). `user` is the userid. */
export function unlockUser(user: string): Promise<User> {
  return apiRequest('POST', '/rest/users/unlock', { user });
}

export function useUnlockUser() {
  return useMutation({ mutationFn: unlockUser, meta: { changes: ['users'] } });
}
