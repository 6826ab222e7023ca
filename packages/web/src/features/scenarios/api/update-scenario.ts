import type { Scenario } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Renames a concept: its omschrijving is all that can change. */
export function updateScenario({ id, omschrijving }: { id: string; omschrijving: string }): Promise<Scenario> {
  return apiRequest('PATCH', `/rest/rules/${encodeURIComponent(id)}`, { omschrijving });
}

export function useUpdateScenario() {
  return useMutation({ mutationFn: updateScenario, meta: { changes: ['regels'] } });
}
