import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LinkPair } from './link-implementation-partner';

export function unlinkImplementationPartner({ partner, deelnemer }: LinkPair): Promise<void> {
  const path = [partner, deelnemer].map(encodeURIComponent).join('/');
  return apiRequest('DELETE', `/rest/implementatiepartners/${path}`);
}

export function useUnlinkImplementationPartner() {
  return useMutation({ mutationFn: unlinkImplementationPartner, meta: { changes: ['implementationLinks'] } });
}
