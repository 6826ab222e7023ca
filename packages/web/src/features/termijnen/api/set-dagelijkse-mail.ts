import type { Termijnen } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { termijnenQueryOptions } from './get-termijnen';

/** Turns the netbeheerder's daily mail about orders past a deadline on or off. */
export function setDagelijkseMail(netbeheerder: string, dagelijkseMail: boolean): Promise<Termijnen> {
  return apiRequest('PUT', `/rest/termijnen/${encodeURIComponent(netbeheerder)}/mail`, { dagelijkseMail });
}

export function useSetDagelijkseMail(netbeheerder: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dagelijkseMail: boolean) => setDagelijkseMail(netbeheerder, dagelijkseMail),
    meta: { changes: ['termijnen'] },
    // The answer is the netbeheerder's deadlines as they are now: the switch shows it at once.
    onSuccess: (termijnen) =>
      queryClient.setQueryData(termijnenQueryOptions(termijnen.netbeheerder).queryKey, termijnen),
  });
}
