import type { CreateWaardenlijst, Waardenlijst } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchWaardenlijstenQueryOptions } from './search-waardenlijsten';

/** A new list of the user's own netbeheerder (the server takes it from the token). */
export function createWaardenlijst(body: CreateWaardenlijst): Promise<Waardenlijst> {
  return apiRequest('POST', '/rest/waardenlijst', body);
}

export function useCreateWaardenlijst() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWaardenlijst,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchWaardenlijstenQueryOptions().queryKey }),
  });
}
