import type { RunView } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { runQueryOptions } from './get-run';

/** Stops a run under way (409 when it is not). */
export function stopRun(id: string): Promise<RunView> {
  return apiRequest('POST', `/rest/testtool/runs/${encodeURIComponent(id)}/stop`, {});
}

export function useStopRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopRun,
    onSuccess: (run) => queryClient.setQueryData(runQueryOptions(run.id).queryKey, run),
    meta: { changes: ['testruns'] },
  });
}
