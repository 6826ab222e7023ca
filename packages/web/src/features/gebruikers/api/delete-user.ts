import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Verwijderen': the user and its sessions go; the audit log keeps its e-mail address. `user` is the userid. */
export function deleteUser(user: string): Promise<void> {
  return apiRequest('POST', '/rest/users/delete', { user });
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser, meta: { changes: ['users'] } });
}
