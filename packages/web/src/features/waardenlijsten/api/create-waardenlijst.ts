import type { CreateWaardenlijst, Waardenlijst } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A new list of the user's own netbeheerder (the server takes it from the token), or of the one a super-role user names. */
export function createWaardenlijst(body: CreateWaardenlijst): Promise<Waardenlijst> {
  return apiRequest('POST', '/rest/waardenlijst', body);
}

export function useCreateWaardenlijst() {
  return useMutation({
    mutationFn: createWaardenlijst,
    meta: { changes: ['waardenlijsten'] },
  });
}
