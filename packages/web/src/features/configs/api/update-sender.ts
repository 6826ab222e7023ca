import type { Omgeving, Sender } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';
import { replaceSender } from './config-cache';
import type { ConfigRowKey as ConfigKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

/** Sets the maximum number of concurrent messages, or of messages per second (0: no limit). */
export type SenderLimitChange = { maxMessages: number } | { maxPerSecond: number };

/** Pauses or resumes sending, or sets one of its limits: one change per call. */
export type SenderChange = ConfigKey & ({ running: boolean } | SenderLimitChange);

export function updateSender(omgeving: Omgeving, body: SenderChange, init?: ApiRequestInit): Promise<Sender> {
  return apiRequest('PATCH', omgevingPath(omgeving, '/rest/management/message-sender'), body, init);
}

export function useUpdateSender(omgeving: Omgeving) {
  const queryClient = useQueryClient();
  const namens = useActingFor();
  return useMutation({
    mutationFn: (body: SenderChange) => updateSender(omgeving, body, { namens }),
    meta: { changes: [configsChange(omgeving)] },
    onSuccess: (sender) => replaceSender(queryClient, omgeving, sender),
  });
}
