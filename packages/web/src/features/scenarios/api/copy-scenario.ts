import type { Scenario, Werkzaamheden } from '@knooppunt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface CopyScenario {
  id: string;
  omschrijving: string;
  werkzaamheden: Werkzaamheden;
  /** The netbeheerder a super-role user acts for (decision 0029); omitted for a netbeheerder's own staff. */
  netbeheerder?: string | undefined;
}

/** A new concept with the source's bericht versie, discipline and rules, for another combination of work. */
export function copyScenario({ id, ...body }: CopyScenario): Promise<Scenario> {
  return apiRequest('POST', `/rest/rules/${encodeURIComponent(id)}`, body);
}

export function useCopyScenario() {
  return useMutation({ mutationFn: copyScenario, meta: { changes: ['regels'] } });
}
