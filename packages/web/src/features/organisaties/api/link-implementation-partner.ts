import type { ImplementationLink } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface LinkPair {
  partner: string;
  deelnemer: string;
}

/** Links an implementation partner to a participant it then acts for (decision 0041). */
export function linkImplementationPartner(body: LinkPair): Promise<ImplementationLink> {
  return apiRequest('POST', '/rest/implementatiepartners', body);
}

export function useLinkImplementationPartner() {
  return useMutation({ mutationFn: linkImplementationPartner, meta: { changes: ['implementationLinks'] } });
}
