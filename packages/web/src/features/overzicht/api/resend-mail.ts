import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Nu opnieuw versturen': a mail of the outbox that waits for its next attempt is tried now. */
export function resendMail(id: string): Promise<void> {
  return apiRequest('POST', `/rest/management/platform/mail/${encodeURIComponent(id)}/opnieuw`, {});
}

export function useResendMail() {
  return useMutation({ mutationFn: resendMail, meta: { changes: ['platform'] } });
}
