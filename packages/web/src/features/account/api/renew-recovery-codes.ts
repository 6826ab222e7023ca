import type { RecoveryCodes, SecondFactorCode } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { secondFactorQueryOptions } from './get-second-factor';

/** 'Nieuwe herstelcodes maken' with a code of the app: ten new codes, shown once; the old ones stop working. */
export function renewRecoveryCodes(body: SecondFactorCode): Promise<RecoveryCodes> {
  return apiRequest('POST', '/rest/account/second-factor/recovery-codes', body);
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions().queryKey }),
    meta: { changes: ['users'] },
  });
}
