import type { CreateOrganisation, Organisation } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function createOrganisation(body: CreateOrganisation): Promise<Organisation> {
  return apiRequest('POST', '/rest/organisations', body);
}

export function useCreateOrganisation() {
  return useMutation({ mutationFn: createOrganisation, meta: { changes: ['organisations'] } });
}
