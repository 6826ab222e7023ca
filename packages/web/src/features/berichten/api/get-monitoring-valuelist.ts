import { ERROR_TITLES, type Flow, type MonitoringValuelist } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** The value lists of spec 000 §2: version '2' for Aansluiting, 'h' for Hoofdnet. */
const VALUELIST_VERSIENUMMER: Record<Flow, string> = { aansluiting: '2', hoofdnet: 'h' };

export function getMonitoringValuelist(flow: Flow, init?: ApiRequestInit): Promise<MonitoringValuelist> {
  const query = new URLSearchParams({ versienummer: VALUELIST_VERSIENUMMER[flow] });
  return apiRequest('GET', `/rest/management/valuelist?${query.toString()}`, undefined, init);
}

/**
 * The senders and receivers that occur in the flow's messages: the choices of the party filters.
 * `namens`: the participant acted for (Uitval, decision 0041), whose messages they are from.
 */
export function monitoringValuelistQueryOptions(flow: Flow, namens?: string) {
  return queryOptions({
    queryKey: ['messages', 'valuelist', flow, ...actingForKey(namens)],
    queryFn: ({ signal }) => getMonitoringValuelist(flow, { signal, namens }),
    meta: { errorTitle: ERROR_TITLES.fetchValuelists },
  });
}

export function useMonitoringValuelist(flow: Flow) {
  const namens = useActingFor();
  return useAuthenticatedQuery(monitoringValuelistQueryOptions(flow, namens));
}
