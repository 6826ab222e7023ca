import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshRegels } from './regels-cache';

export function deleteScenario(id: string): Promise<void> {
  return apiRequest('DELETE', `/rest/rules/${encodeURIComponent(id)}`);
}

export function useDeleteScenario() {
  const refresh = useRefreshRegels();
  return useMutation({ mutationFn: deleteScenario, onSuccess: refresh });
}
