import type { AppEnrolment } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Instellen': a new app's secret and QR code, sealed in a ticket; nothing is stored yet. */
export function startAppEnrolment(): Promise<AppEnrolment> {
  return apiRequest('POST', '/rest/account/second-factor/app/start');
}

export function useStartAppEnrolment() {
  return useMutation({
    mutationFn: startAppEnrolment,
    // The answer holds the secret: the cache forgets the mutation once the dialog lets go of it.
    gcTime: 0,
    meta: { changes: [] },
  });
}
