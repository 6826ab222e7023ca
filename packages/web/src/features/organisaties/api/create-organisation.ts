import type { CreateOrganisation, Organisation } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchOrganisationsQueryOptions } from './search-organisations';

export function createOrganisation(body: CreateOrganisation): Promise<Organisation> {
  return apiRequest('POST', '/rest/organisations', body);
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchOrganisationsQueryOptions().queryKey }),
  });
}
