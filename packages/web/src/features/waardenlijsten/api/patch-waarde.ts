import type { PatchWaarde, Waardenlijst } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getWaardenlijstQueryOptions } from './get-waardenlijst';

/** Allows or disallows one value of one node; the server answers the whole list as it is now. */
export function patchWaarde(id: string, body: PatchWaarde): Promise<Waardenlijst> {
  return apiRequest('PATCH', `/rest/waardenlijst/${encodeURIComponent(id)}`, body);
}

export function usePatchWaarde(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchWaarde) => patchWaarde(id, body),
    meta: { changes: ['waardenlijsten'] },
    onSuccess: (list) => queryClient.setQueryData(getWaardenlijstQueryOptions(id).queryKey, list),
  });
}
