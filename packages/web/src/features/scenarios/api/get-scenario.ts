import { ERROR_TITLES, type Scenario } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import { CONCEPT_HIDDEN_STATUS } from './concept-hidden';

export function getScenario(id: string, signal?: AbortSignal): Promise<Scenario> {
  return apiRequest('GET', `/rest/rules/${encodeURIComponent(id)}`, undefined, { signal });
}

export function scenarioQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['regels', 'scenario', id],
    queryFn: ({ signal }) => getScenario(id, signal),
    // 403: a concept the user may not view; the screen says so (CONCEPT_HIDDEN_STATUS).
    meta: { errorTitle: ERROR_TITLES.fetchScenario, explainedStatuses: [CONCEPT_HIDDEN_STATUS] },
  });
}

export function useScenario(id: string, enabled = true) {
  return useAuthenticatedQuery({ ...scenarioQueryOptions(id), enabled });
}
