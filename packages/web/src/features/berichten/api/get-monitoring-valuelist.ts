import { ERROR_TITLES, type Flow, type MonitoringValuelist } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The value lists of spec 000 §2: version '2' for Aansluiting, 'h' for Hoofdnet. */
const VALUELIST_VERSIENUMMER: Record<Flow, string> = { aansluiting: '2', hoofdnet: 'h' };

export function getMonitoringValuelist(flow: Flow, signal?: AbortSignal): Promise<MonitoringValuelist> {
  const query = new URLSearchParams({ versienummer: VALUELIST_VERSIENUMMER[flow] });
  return apiRequest('GET', `/rest/management/valuelist?${query.toString()}`, undefined, { signal });
}

/** The senders and receivers that occur in the flow's messages: the choices of the party filters. */
export function monitoringValuelistQueryOptions(flow: Flow) {
  return queryOptions({
    queryKey: ['messages', 'valuelist', flow],
    queryFn: ({ signal }) => getMonitoringValuelist(flow, signal),
    meta: { errorTitle: ERROR_TITLES.fetchValuelists },
  });
}

export function useMonitoringValuelist(flow: Flow) {
  return useAuthenticatedQuery(monitoringValuelistQueryOptions(flow));
}
