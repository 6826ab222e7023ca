import type { Conformity } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getConformityQueryOptions } from '@/lib/api/get-conformity';

export interface ConformityRequirement {
  deelnemer: string;
  vereist: boolean;
}

/** 'Testtool Beheren': require passed conformance runs before a production configuration is activated, or not. */
export function setConformityRequired(body: ConformityRequirement): Promise<Conformity> {
  return apiRequest('PUT', '/rest/testtool/conformiteit', body);
}

export function useSetConformityRequired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConformityRequired,
    meta: { changes: ['conformity'] },
    // The answer is the conformity as it is now: the switch shows it at once.
    onSuccess: (conformity) =>
      queryClient.setQueryData(getConformityQueryOptions(conformity.deelnemer).queryKey, conformity),
  });
}
