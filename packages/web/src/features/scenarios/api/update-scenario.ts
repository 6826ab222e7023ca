import type { Scenario } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshRegels } from './regels-cache';

/** Renames a concept: its omschrijving is all that can change. */
export function updateScenario({ id, omschrijving }: { id: string; omschrijving: string }): Promise<Scenario> {
  return apiRequest('PATCH', `/rest/rules/${encodeURIComponent(id)}`, { omschrijving });
}

export function useUpdateScenario() {
  const refresh = useRefreshRegels();
  return useMutation({ mutationFn: updateScenario, onSuccess: refresh });
}
