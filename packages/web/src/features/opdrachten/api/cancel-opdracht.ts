import type { OpdrachtView } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Cancels an order by hand: status 'Opdracht handmatig geannuleerd', and its messages still to be
 * sent are deleted. Answers the order as it is then; 409 when it can no longer be cancelled.
 */
export function cancelOpdracht(opdrachtId: string): Promise<OpdrachtView> {
  return apiRequest('PATCH', `/rest/management/opdracht/cancel/${encodeURIComponent(opdrachtId)}`);
}

export function useCancelOpdracht() {
  return useMutation({
    mutationFn: cancelOpdracht,
    meta: { changes: ['opdrachten'] },
  });
}
