import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchUsersQueryOptions } from './search-users';

/** The answer of POST /rest/admin/synchronize (domain `syncReportSchema`). */
export interface SyncReport {
  verwijderd: number;
  bijgewerkt: number;
  meldingen: string[];
}

export function synchronize(): Promise<SyncReport> {
  return apiRequest('POST', '/rest/admin/synchronize', {});
}

export function useSynchronize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: synchronize,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchUsersQueryOptions().queryKey }),
  });
}
