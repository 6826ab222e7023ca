import type { Flow, MessageView } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';

/** Each flow has its own resend call (spec 000 §7 names the Aansluiting one; the Hoofdnet one is ours). */
const RETRY_PATHS: Record<Flow, string> = {
  aansluiting: '/rest/management/message/retry',
  hoofdnet: '/rest/management/message-hoofdnet/retry',
};

export interface RetryMessage {
  flow: Flow;
  id: string;
}

/** Makes an undelivered message due now; answers the message as it is then. */
export function retryMessage({ flow, id }: RetryMessage, init?: ApiRequestInit): Promise<MessageView> {
  return apiRequest('POST', RETRY_PATHS[flow], { id }, init);
}

export function useRetryMessage() {
  const namens = useActingFor();
  return useMutation({
    mutationFn: (message: RetryMessage) => retryMessage(message, { namens }),
    meta: { changes: ['messages'] },
  });
}
