import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { CreatedUser } from './create-user';

/**
 * 'Uitnodiging opnieuw versturen': a fresh set-password link for a user without a password; earlier
 * links stop working. Demo mode answers the link, as after creating a user. `user` is the userid.
 */
export function reinviteUser(user: string): Promise<CreatedUser> {
  return apiRequest('POST', '/rest/users/invite', { user });
}

export function useReinviteUser() {
  return useMutation({ mutationFn: reinviteUser, meta: { changes: ['users'] } });
}
