import type { Organisation } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** 'Activeren': undoes 'Deactiveren'. Answers the organisation as it is now. */
export function activateOrganisation(organisatie: string): Promise<Organisation> {
  return apiRequest('POST', '/rest/organisations/activate', { organisatie });
}

export function useActivateOrganisation() {
  return useMutation({ mutationFn: activateOrganisation, meta: { changes: ['organisations'] } });
}
