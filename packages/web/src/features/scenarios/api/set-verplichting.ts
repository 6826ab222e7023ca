import type { Scenario, Verplichting } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scenarioQueryOptions } from './get-scenario';

export interface SetVerplichting {
  scenarioId: string;
  /** The rule node. */
  id: string;
  verplichting: Verplichting;
}

export function setVerplichting({ scenarioId, ...body }: SetVerplichting): Promise<Scenario> {
  return apiRequest('PATCH', `/rest/rules/${encodeURIComponent(scenarioId)}`, body);
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
