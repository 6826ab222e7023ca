import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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
  return useMutation({ mutationFn: synchronize, meta: { changes: ['users'] } });
}
