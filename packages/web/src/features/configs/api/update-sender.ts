import type { Sender } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { replaceSender } from './config-cache';
import type { ConfigRowKey as ConfigKey } from './config-key';

/** Pauses or resumes sending, or sets the maximum number of concurrent messages: one change per call. */
export type SenderChange = ConfigKey & ({ running: boolean } | { maxMessages: number });

export function updateSender(body: SenderChange): Promise<Sender> {
  return apiRequest('PATCH', '/rest/management/message-sender', body);
}

export function useUpdateSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSender,
    meta: { changes: ['configs'] },
    onSuccess: (sender) => replaceSender(queryClient, sender),
  });
}
