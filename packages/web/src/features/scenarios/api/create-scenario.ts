import type { Scenario, Werkzaamheden } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface CreateScenario {
  omschrijving: string;
  berichtVersie: string;
  discipline: string;
  werkzaamheden: Werkzaamheden;
}

/** A new concept scenario of the user's own netbeheerder. */
export function createScenario(body: CreateScenario): Promise<Scenario> {
  return apiRequest('POST', '/rest/rules', body);
}

export function useCreateScenario() {
  return useMutation({ mutationFn: createScenario, meta: { changes: ['regels'] } });
}
