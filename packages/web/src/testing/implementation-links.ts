import type { ImplementationLink } from '@knooppunt/domain';
import { ACTING_FOR_HEADER } from '@/lib/api-client';

/*
 * An implementation partner and its links (decision 0041), for the screens its users work on for
 * the participants they implement for: the Testtool, Configuraties and Uitval.
 */

export const LINKS_PATH = '/rest/implementatiepartners';
export const PARTNER_ORGANISATION = 'Implementatie_Partner_Integra';

/** A user of the partner that builds aannemers' systems, with `roles` besides. */
export const partnerWith = (...roles: string[]) => ({
  roles: [...roles, 'Implementeert voor Aannemer'],
  deelnemer: PARTNER_ORGANISATION,
});

const link = (partner: string, deelnemer: string, type: string): ImplementationLink => ({
  partner,
  deelnemer,
  type,
  created: '2026-02-01T09:00:00Z',
  createdBy: 'beheer@knooppunt.example',
});

/** The partner's links: two it implements for, a netbeheerder its roles do not reach, another partner's. */
export const LINKS = {
  items: [
    link(PARTNER_ORGANISATION, 'Combi_Gamma', 'Combi'),
    link(PARTNER_ORGANISATION, 'Netbeheer_Noord', 'Netbeheerder'),
    link(PARTNER_ORGANISATION, 'Aannemer_Alfa', 'Aannemer'),
    link('Implementatie_Partner_Anders', 'Aannemer_Delta', 'Aannemer'),
  ],
};

/** Links, but none to a participant the partner's roles reach. */
export const NO_LINKS = { items: LINKS.items.filter((item) => item.type === 'Netbeheerder') };

/**
 * Each call a screen made but the partner's own links: which endpoint, and for whom it acted
 * (`x-namens-deelnemer`; null for none).
 */
export function actingCalls(requests: readonly Request[]): { call: string; namens: string | null }[] {
  return requests
    .filter((request) => new URL(request.url).pathname !== LINKS_PATH)
    .map((request) => ({
      call: `${request.method} ${new URL(request.url).pathname}`,
      namens: request.headers.get(ACTING_FOR_HEADER),
    }));
}
