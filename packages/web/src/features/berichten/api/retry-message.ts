import type { Flow, MessageView } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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
export function retryMessage({ flow, id }: RetryMessage): Promise<MessageView> {
  return apiRequest('POST', RETRY_PATHS[flow], { id });
}

export function useRetryMessage() {
  return useMutation({
    mutationFn: retryMessage,
    meta: { changes: ['messages'] },
  });
}
