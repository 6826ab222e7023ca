import type { scenarioListSchema } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

export type ScenarioList = z.infer<typeof scenarioListSchema>;
export type ScenarioView = ScenarioList['items'][number];

/** The conformance catalogue: generated from the lifecycle, the same for every participant. */
export function getScenarios(signal?: AbortSignal): Promise<ScenarioList> {
  return apiRequest('GET', '/rest/testtool/scenarios', undefined, { signal });
}

export function scenariosQueryOptions() {
  return queryOptions({
    queryKey: ['testtool', 'scenarios'],
    queryFn: ({ signal }) => getScenarios(signal),
    meta: { errorTitle: LABELS.testtool.fetchScenariosFailed },
  });
}

export function useScenarios() {
  return useAuthenticatedQuery(scenariosQueryOptions());
}
