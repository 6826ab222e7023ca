import { ERROR_TITLES, type Scenario } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** A scenario beside the one it is compared with (the older one). */
export interface ScenarioPair {
  scenario: Scenario;
  compared: Scenario;
}

export function getScenarioPair(id: string, compareId: string, signal?: AbortSignal): Promise<ScenarioPair> {
  const path = `/rest/rules/${encodeURIComponent(id)}/compare/${encodeURIComponent(compareId)}`;
  return apiRequest('GET', path, undefined, { signal });
}

export function scenarioPairQueryOptions(id: string, compareId: string) {
  return queryOptions({
    queryKey: ['regels', 'scenario-pair', id, compareId],
    queryFn: ({ signal }) => getScenarioPair(id, compareId, signal),
    meta: { errorTitle: ERROR_TITLES.fetchScenario },
  });
}

export function useScenarioPair(id: string, compareId: string, enabled = true) {
  return useAuthenticatedQuery({ ...scenarioPairQueryOptions(id, compareId), enabled });
}
