import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function deleteScenario(id: string): Promise<void> {
  return apiRequest('DELETE', `/rest/rules/${encodeURIComponent(id)}`);
}

export function useDeleteScenario() {
  return useMutation({ mutationFn: deleteScenario, meta: { changes: ['regels'] } });
}
