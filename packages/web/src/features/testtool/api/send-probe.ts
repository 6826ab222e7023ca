import type { ProbeAnswer, probeRequestSchema } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type ProbeRequest = z.infer<typeof probeRequestSchema>;

/**
 * 'Proefbericht': the simulator POSTs the type's example to the organisation's own test callback;
 * the answer is the exact request (bearer masked) and what came back, or why the token or call failed.
 */
export function sendProbe(body: ProbeRequest): Promise<ProbeAnswer> {
  return apiRequest('POST', '/rest/testtool/proefbericht', body);
}

export function useSendProbe() {
  // The message belongs to no order and is not kept: nothing on screen changes.
  return useMutation({ mutationFn: sendProbe, meta: { changes: [] } });
}
