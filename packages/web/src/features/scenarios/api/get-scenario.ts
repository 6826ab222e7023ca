import { ERROR_TITLES, type Scenario } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export function getScenario(id: string, signal?: AbortSignal): Promise<Scenario> {
  return apiRequest('GET', `/rest/rules/${encodeURIComponent(id)}`, undefined, { signal });
}

export function scenarioQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['regels', 'scenario', id],
    queryFn: ({ signal }) => getScenario(id, signal),
    meta: { errorTitle: ERROR_TITLES.fetchScenario },
  });
}

export function useScenario(id: string, enabled = true) {
  return useAuthenticatedQuery({ ...scenarioQueryOptions(id), enabled });
}
