import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchWaardenlijstenQueryOptions } from './search-waardenlijsten';

export function deleteWaardenlijst(id: string): Promise<void> {
  return apiRequest('DELETE', `/rest/waardenlijst/${encodeURIComponent(id)}`);
}

export function useDeleteWaardenlijst() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWaardenlijst,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchWaardenlijstenQueryOptions().queryKey }),
  });
}
