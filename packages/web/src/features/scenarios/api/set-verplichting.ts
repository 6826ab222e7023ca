import type { Scenario, Verplichting } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scenarioQueryOptions } from './get-scenario';

export interface SetVerplichting {
  scenarioId: string;
  /** The rule node. */
  id: string;
  verplichting: Verplichting;
  /** The scenario's `changed` as shown: 409 when it changed since (decision 0025). */
  changed: string;
}

export function setVerplichting({ scenarioId, id, verplichting, changed }: SetVerplichting): Promise<Scenario> {
  return apiRequest('PATCH', `/rest/rules/${encodeURIComponent(scenarioId)}`, {
    id,
    verplichting,
    basedOn: { changed },
  });
}

/**
 * The answer is the scenario as it is now: it replaces the one on screen at once. Other scenarios
 * and lists may count it as equal or not any more ('gelijk'): the rules change (decision 0022).
 */
export function useSetVerplichting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVerplichting,
    meta: { changes: ['regels'] },
    onSuccess: (scenario) => queryClient.setQueryData(scenarioQueryOptions(scenario._id).queryKey, scenario),
  });
}
