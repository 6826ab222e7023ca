import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function deleteTermijn(netbeheerder: string, id: string): Promise<void> {
  return apiRequest('DELETE', `/rest/termijnen/${encodeURIComponent(netbeheerder)}/${encodeURIComponent(id)}`);
}

export function useDeleteTermijn(netbeheerder: string) {
  return useMutation({
    mutationFn: (id: string) => deleteTermijn(netbeheerder, id),
    meta: { changes: ['termijnen'] },
  });
}
