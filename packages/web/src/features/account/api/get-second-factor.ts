import type { SecondFactorStatus } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The signed-in user's second factor: an app or not, recovery codes left, whether it is required. */
export function getSecondFactor(signal?: AbortSignal): Promise<SecondFactorStatus> {
  return apiRequest('GET', '/rest/account/second-factor', undefined, { signal });
}

export function secondFactorQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'second-factor'],
    queryFn: ({ signal }) => getSecondFactor(signal),
    meta: { errorTitle: LABELS.secondFactor.loadFailed },
  });
}

export function useSecondFactor() {
  return useAuthenticatedQuery(secondFactorQueryOptions());
}
