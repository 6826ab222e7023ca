import type { Scenario } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface UpdateScenario {
  id: string;
  omschrijving: string;
  /** The scenario's `changed` as shown: 409 when it changed since (decision 0025). */
  changed: string;
}

/** Renames a concept: its omschrijving is all that can change. */
export function updateScenario({ id, omschrijving, changed }: UpdateScenario): Promise<Scenario> {
  return apiRequest('PATCH', `/rest/rules/${encodeURIComponent(id)}`, { omschrijving, basedOn: { changed } });
}

export function useUpdateScenario() {
  return useMutation({ mutationFn: updateScenario, meta: { changes: ['regels'] } });
}
