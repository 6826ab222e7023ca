import type { OpdrachtView } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchOpdrachtenQueryOptions } from './search-opdrachten';

/**
 * Cancels an order by hand: status 'Opdracht handmatig geannuleerd', and its messages still to be
 * sent are deleted. Answers the order as it is then; 409 when it can no longer be cancelled.
 */
export function cancelOpdracht(opdrachtId: string): Promise<OpdrachtView> {
  return apiRequest('PATCH', `/rest/management/opdracht/cancel/${encodeURIComponent(opdrachtId)}`);
}

export function useCancelOpdracht() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOpdracht,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchOpdrachtenQueryOptions().queryKey }),
  });
}
