import type { Termijn, TermijnInput } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A new deadline of the netbeheerder: its own editors', or a super-role user's acting for it. */
export function createTermijn(netbeheerder: string, body: TermijnInput): Promise<Termijn> {
  return apiRequest('POST', `/rest/termijnen/${encodeURIComponent(netbeheerder)}`, body);
}

export function useCreateTermijn(netbeheerder: string) {
  return useMutation({
    mutationFn: (body: TermijnInput) => createTermijn(netbeheerder, body),
    meta: { changes: ['termijnen'] },
  });
}
