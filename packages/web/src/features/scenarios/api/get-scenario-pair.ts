import { ERROR_TITLES, type Scenario } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';
import { CONCEPT_HIDDEN_STATUS } from './concept-hidden';

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
    // 403: a concept the user may not view; the screen says so (CONCEPT_HIDDEN_STATUS).
    meta: { errorTitle: ERROR_TITLES.fetchScenario, explainedStatuses: [CONCEPT_HIDDEN_STATUS] },
  });
}

export function useScenarioPair(id: string, compareId: string, enabled = true) {
  return useAuthenticatedQuery({ ...scenarioPairQueryOptions(id, compareId), enabled });
}
