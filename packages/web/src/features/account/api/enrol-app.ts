import type { EnrolApp, RecoveryCodes } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { secondFactorQueryOptions } from './get-second-factor';

/** The app's first code with the ticket of 'Instellen': the app is set up; the recovery codes, shown once. */
export function enrolApp(body: EnrolApp): Promise<RecoveryCodes> {
  return apiRequest('POST', '/rest/account/second-factor/app', body);
}

export function useEnrolApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolApp,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions().queryKey }),
    // The user lists show who has a second factor.
    meta: { changes: ['users'] },
  });
}
