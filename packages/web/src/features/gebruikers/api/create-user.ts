import type { User } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchRolesQueryOptions } from './search-roles';
import { searchUsersQueryOptions } from './search-users';

/** The body of POST /rest/users (domain `createUserSchema`). */
export interface CreateUser {
  email: string;
  organisatie: string;
  roles: string[];
  metadata: { delegerende?: string };
}

/** In demo mode the answer carries the new user's one-time set-password link. */
export type CreatedUser = User & { setPasswordUrl?: string };

export function createUser(body: CreateUser): Promise<CreatedUser> {
  return apiRequest('POST', '/rest/users', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: searchUsersQueryOptions().queryKey });
      // 'Overig' in the role tree lists the roles users have.
      await queryClient.invalidateQueries({ queryKey: searchRolesQueryOptions().queryKey });
    },
  });
}
