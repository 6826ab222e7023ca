import type { Sender } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { replaceSender, useInvalidateConfigs } from './config-cache';
import type { ConfigRowKey as ConfigKey } from './config-key';

/** Pauses or resumes sending, or sets the maximum number of concurrent messages: one change per call. */
export type SenderChange = ConfigKey & ({ running: boolean } | { maxMessages: number });

export function updateSender(body: SenderChange): Promise<Sender> {
  return apiRequest('PATCH', '/rest/management/message-sender', body);
}

export function useUpdateSender() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateConfigs();
  return useMutation({
    mutationFn: updateSender,
    onSuccess: async (sender) => {
      replaceSender(queryClient, sender);
      await invalidate();
    },
  });
}
