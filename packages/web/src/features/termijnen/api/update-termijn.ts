import type { Termijn, TermijnInput } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface UpdateTermijn {
  id: string;
  termijn: TermijnInput;
  /** The deadline's `changed` as shown: 409 when it changed since (decision 0025). */
  changed: string;
}

export function updateTermijn(netbeheerder: string, { id, termijn, changed }: UpdateTermijn): Promise<Termijn> {
  return apiRequest('PUT', `/rest/termijnen/${encodeURIComponent(netbeheerder)}/${encodeURIComponent(id)}`, {
    termijn,
    basedOn: { changed },
  });
}

export function useUpdateTermijn(netbeheerder: string) {
  return useMutation({
    mutationFn: (update: UpdateTermijn) => updateTermijn(netbeheerder, update),
    meta: { changes: ['termijnen'] },
  });
}
