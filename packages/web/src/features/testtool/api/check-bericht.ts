import type { CheckAnswer, testtoolBerichtSchema } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** A message as the Testtool sends it: the envelope a participant's system would POST, and for whom. */
export type TesttoolBericht = z.infer<typeof testtoolBerichtSchema>;

/** 'Controleren': judged as /api/v1/berichten would judge it for the test system; nothing is stored. */
export function checkBericht(body: TesttoolBericht): Promise<CheckAnswer> {
  return apiRequest('POST', '/rest/testtool/controleren', body);
}

export function useCheckBericht() {
  return useMutation({ mutationFn: checkBericht, meta: { changes: [] } });
}
