import type { User } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ChangeRoles {
  /** The userid. */
  user: string;
  roles: string[];
}

export function changeRoles(body: ChangeRoles): Promise<User> {
  return apiRequest('POST', '/rest/users/roles', body);
}

export function useChangeRoles() {
  return useMutation({ mutationFn: changeRoles, meta: { changes: ['users'] } });
}
