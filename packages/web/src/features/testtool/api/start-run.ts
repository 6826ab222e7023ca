import type { RunView, StartRun } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { runQueryOptions } from './get-run';

/** Starts a conformance run: the participant's system plays its side, the simulator the other. */
export function startRun(body: StartRun): Promise<RunView> {
  return apiRequest('POST', '/rest/testtool/runs', body);
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRun,
    // The new run opens at once, without a fetch of what the answer already holds.
    onSuccess: (run) => queryClient.setQueryData(runQueryOptions(run.id).queryKey, run),
    meta: { changes: ['testruns'] },
  });
}
