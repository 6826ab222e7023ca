import { TERMIJN_TEXTS, type Lookup, type Termijn, type TermijnInput, type Termijnen } from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';

/** Edits the rules, and so the deadlines, of the user's own netbeheerder. */
export const EDITOR = ['Netbeheerder', 'Business rules Concept Bewerken'];
/** Looks only. */
export const VIEWER = ['Netbeheerder', 'Business rules Concept Bekijken'];
/** The super role: changes any netbeheerder's, acting for it (decision 0029). */
export const SUPER = ['Beheer ziet alles'];
export const OWN = 'Netbeheer_Noord';
export const OTHER = 'Netbeheer_Zuid';

export const LOOKUP: Lookup = {
  berichtVersies: ['2.0'],
  disciplines: ['Gas'],
  netbeheerders: [OTHER, OWN],
  werkzaamheden: {},
  ingangsdatums: {},
};

export function termijn(id: string, netbeheerder: string, input: TermijnInput): Termijn {
  return {
    id,
    netbeheerder,
    ...input,
    omschrijving: TERMIJN_TEXTS.omschrijving(input),
    created: '2025-02-03T09:00:00.000Z',
    changed: '2025-02-03T10:00:00.000Z',
  };
}

export const PLANNING = termijn('t-1', OWN, {
  flow: 'aansluiting',
  van: 'Opdracht',
  tot: 'Planning',
  aantal: 10,
  eenheid: 'werkdagen',
});
export const LEVERING = termijn('t-2', OWN, {
  flow: 'hoofdnet',
  van: 'OpdrachtHoofdnet',
  tot: 'BeoordelingHoofdnet',
  aantal: 48,
  eenheid: 'uren',
});

/**
 * The deadline calls of the portal, answered as the server would, from one netbeheerder's state
 * that POST, PUT, DELETE and the mail switch change. `overrides` replaces single endpoints.
 */
export function stubTermijnApi(
  options: { termijnen?: Record<string, Termijnen>; overrides?: Record<string, StubHandler> } = {},
) {
  const state: Record<string, Termijnen> = options.termijnen ?? {
    [OWN]: { netbeheerder: OWN, dagelijkseMail: false, termijnen: [PLANNING, LEVERING] },
    [OTHER]: { netbeheerder: OTHER, dagelijkseMail: true, termijnen: [] },
  };
  const path = (netbeheerder: string, rest = '') => `/rest/termijnen/${encodeURIComponent(netbeheerder)}${rest}`;
  const handlers: Record<string, StubHandler> = { 'GET /rest/lookup': () => Response.json(LOOKUP) };
  for (const [netbeheerder, current] of Object.entries(state)) {
    handlers[`GET ${path(netbeheerder)}`] = () => Response.json(state[netbeheerder]);
    handlers[`POST ${path(netbeheerder)}`] = async (request) => {
      const created = termijn('t-new', netbeheerder, (await request.clone().json()) as TermijnInput);
      state[netbeheerder] = { ...state[netbeheerder]!, termijnen: [...state[netbeheerder]!.termijnen, created] };
      return Response.json(created, { status: 201 });
    };
    handlers[`PUT ${path(netbeheerder, '/mail')}`] = async (request) => {
      const { dagelijkseMail } = (await request.clone().json()) as { dagelijkseMail: boolean };
      state[netbeheerder] = { ...state[netbeheerder]!, dagelijkseMail };
      return Response.json(state[netbeheerder]);
    };
    for (const { id } of current.termijnen) {
      handlers[`PUT ${path(netbeheerder, `/${id}`)}`] = async (request) => {
        const { termijn: input } = (await request.clone().json()) as { termijn: TermijnInput };
        const saved = { ...termijn(id, netbeheerder, input), changed: '2025-02-04T10:00:00.000Z' };
        state[netbeheerder] = {
          ...state[netbeheerder]!,
          termijnen: state[netbeheerder]!.termijnen.map((other) => (other.id === id ? saved : other)),
        };
        return Response.json(saved);
      };
      handlers[`DELETE ${path(netbeheerder, `/${id}`)}`] = () => {
        state[netbeheerder] = {
          ...state[netbeheerder]!,
          termijnen: state[netbeheerder]!.termijnen.filter((other) => other.id !== id),
        };
        return new Response(null, { status: 204 });
      };
    }
  }
  return stubApi({ ...handlers, ...options.overrides });
}
