import type { User } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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
  return useMutation({ mutationFn: createUser, meta: { changes: ['users'] } });
}
