import type { Organisation } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * 'Deactiveren': the organisation's users cannot log in, its systems get no tokens and its
 * messages are refused; its data stays. Answers the organisation as it is now.
 */
export function deactivateOrganisation(organisatie: string): Promise<Organisation> {
  return apiRequest('POST', '/rest/organisations/deactivate', { organisatie });
}

export function useDeactivateOrganisation() {
  return useMutation({ mutationFn: deactivateOrganisation, meta: { changes: ['organisations'] } });
}
