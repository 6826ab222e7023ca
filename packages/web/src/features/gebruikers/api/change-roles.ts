import type { User } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchRolesQueryOptions } from './search-roles';
import { searchUsersQueryOptions } from './search-users';

export interface ChangeRoles {
  /** The userid. */
  user: string;
  roles: string[];
}

export function changeRoles(body: ChangeRoles): Promise<User> {
  return apiRequest('POST', '/rest/users/roles', body);
}

export function useChangeRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRoles,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: searchUsersQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: searchRolesQueryOptions().queryKey });
    },
  });
}
