import type { PlatformState } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** Every process writes its heartbeat each ALERT_CHECK_SECONDS (30 s by default): read as often. */
export const PLATFORM_REFRESH_MS = 30_000;

export function getPlatform(signal?: AbortSignal): Promise<PlatformState> {
  return apiRequest('GET', '/rest/management/platform', undefined, { signal });
}

export function platformQueryOptions() {
  return queryOptions({
    queryKey: ['platform'],
    queryFn: ({ signal }) => getPlatform(signal),
    refetchInterval: PLATFORM_REFRESH_MS,
  });
}

/** The platform's own state (issue 29 item 3): for the super role only, the server answers 403 to others. */
export function usePlatform() {
  return useAuthenticatedQuery(platformQueryOptions());
}
