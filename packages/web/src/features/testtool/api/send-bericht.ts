import type { acceptedSchema } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { TesttoolBericht } from './check-bericht';

export type Accepted = z.infer<typeof acceptedSchema>;

/** 'Versturen': into the test environment as the organisation's test system, answered as /api/v1/berichten answers. */
export function sendBericht(body: TesttoolBericht): Promise<Accepted> {
  return apiRequest('POST', '/rest/testtool/versturen', body);
}

export function useSendBericht() {
  // A message about a run's order may move the run on: the runs and the open run are stale.
  return useMutation({ mutationFn: sendBericht, meta: { changes: ['testruns'] } });
}
