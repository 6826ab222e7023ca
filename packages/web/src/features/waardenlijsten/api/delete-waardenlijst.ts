import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function deleteWaardenlijst(id: string): Promise<void> {
  return apiRequest('DELETE', `/rest/waardenlijst/${encodeURIComponent(id)}`);
}

export function useDeleteWaardenlijst() {
  return useMutation({
    mutationFn: deleteWaardenlijst,
    meta: { changes: ['waardenlijsten'] },
  });
}
