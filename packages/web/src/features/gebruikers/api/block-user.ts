import type { User } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Blokkeren': the user cannot log in, and its sessions and tokens end at once. `user` is the userid. */
export function blockUser(user: string): Promise<User> {
  return apiRequest('POST', '/rest/users/block', { user });
}

export function useBlockUser() {
  return useMutation({ mutationFn: blockUser, meta: { changes: ['users'] } });
}
