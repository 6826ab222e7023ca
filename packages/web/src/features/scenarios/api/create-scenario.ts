import type { Scenario, Werkzaamheden } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface CreateScenario {
  omschrijving: string;
  berichtVersie: string;
  discipline: string;
  werkzaamheden: Werkzaamheden;
  /** The netbeheerder a super-role user acts for (decision 0029); omitted for a netbeheerder's own staff. */
  netbeheerder?: string | undefined;
}

/** A new concept scenario of the user's own netbeheerder, or the one it acts for. */
export function createScenario(body: CreateScenario): Promise<Scenario> {
  return apiRequest('POST', '/rest/rules', body);
}

export function useCreateScenario() {
  return useMutation({ mutationFn: createScenario, meta: { changes: ['regels'] } });
}
