import type { Conformity, ImplementationLink, Organisation, Paged } from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';

/*
 * The calls of an organisation's panel (decision 0043), answered as the server does: the
 * organisations, a participant's conformity, its implementation links and whether it is active,
 * kept in state so a change shows on the next fetch.
 */

export const LINKS_PATH = '/rest/implementatiepartners';
export const CONFORMITY_PATH = '/rest/testtool/conformiteit';
export const UNLINK_PATH = `${LINKS_PATH}/Implementatie_Partner_Integra/Aannemer_Alfa`;
export const DEACTIVATE_PATH = '/rest/organisations/deactivate';
export const ACTIVATE_PATH = '/rest/organisations/activate';

/** The super role's administrator: every organisation, its users, and the Testtool's settings. */
export const ADMIN = {
  roles: ['Beheer ziet alles', 'Gebruikers Beheren', 'Testtool Beheren'],
  deelnemer: 'Knooppunt_Beheer',
};

const party = (organisatie: string, type: string): Organisation => ({
  organisatie,
  type,
  metadata: { deelnemer: organisatie, delegerenden: [] },
  actief: true,
});

export const ORGANISATIONS: Organisation[] = [
  party('Aannemer_Alfa', 'Aannemer'),
  party('Aannemer_Beta', 'Aannemer'),
  party('Implementatie_Partner_Integra', 'Implementatie partner'),
  party('Implementatie_Partner_Koppelvlak', 'Implementatie partner'),
  party('Knooppunt_Beheer', 'Beheerder'),
  party('Netbeheer_Noord', 'Netbeheerder'),
];

const link = (partner: string, deelnemer: string): ImplementationLink => ({
  partner,
  deelnemer,
  type: ORGANISATIONS.find((organisation) => organisation.organisatie === deelnemer)?.type ?? 'Aannemer',
  created: '2026-02-01T09:00:00Z',
  createdBy: 'beheer@knooppunt.example',
});

/** Aannemer_Alfa passed Aansluiting on 20 November; of Hoofdnet two scenarios have no passed run. */
export const conformityOf = (deelnemer: string, vereist = false): Conformity => ({
  deelnemer,
  vereist,
  stromen: [
    { flow: 'aansluiting', side: 'opdrachtnemer', geslaagdOp: '2026-11-20T10:00:00Z', ontbrekend: [] },
    {
      flow: 'hoofdnet',
      side: 'opdrachtnemer',
      geslaagdOp: null,
      ontbrekend: [
        { id: 'hoofdnet-gereed', naam: 'Opdracht tot gereed (Hoofdnet)' },
        { id: 'hoofdnet-annulering', naam: 'Annulering (Hoofdnet)' },
      ],
    },
  ],
});

/** Stubs the panel's calls; `overrides` replace a call's answer ('POST /rest/implementatiepartners'). */
export function stubPanelApi(overrides: Record<string, StubHandler> = {}) {
  const state = {
    links: [link('Implementatie_Partner_Integra', 'Aannemer_Alfa')],
    vereist: new Set<string>(),
    gedeactiveerd: new Set<string>(),
  };
  const current = () => ORGANISATIONS.map((item) => ({ ...item, actief: !state.gedeactiveerd.has(item.organisatie) }));
  const setActive = (actief: boolean) => async (request: Request) => {
    const { organisatie } = (await request.clone().json()) as { organisatie: string };
    if (actief) state.gedeactiveerd.delete(organisatie);
    else state.gedeactiveerd.add(organisatie);
    return Response.json(current().find((item) => item.organisatie === organisatie));
  };
  const api = stubApi({
    'POST /rest/organisations/search': () =>
      Response.json({
        items: current(),
        count: ORGANISATIONS.length,
        skip: 0,
        limit: 10,
      } satisfies Paged<Organisation>),
    [`GET ${CONFORMITY_PATH}`]: (request) => {
      const deelnemer = new URL(request.url).searchParams.get('deelnemer') ?? '';
      return Response.json(conformityOf(deelnemer, state.vereist.has(deelnemer)));
    },
    [`PUT ${CONFORMITY_PATH}`]: async (request) => {
      const body = (await request.clone().json()) as { deelnemer: string; vereist: boolean };
      if (body.vereist) state.vereist.add(body.deelnemer);
      else state.vereist.delete(body.deelnemer);
      return Response.json(conformityOf(body.deelnemer, body.vereist));
    },
    [`GET ${LINKS_PATH}`]: (request) => {
      const organisatie = new URL(request.url).searchParams.get('organisatie');
      return Response.json({
        items: state.links.filter((item) => item.partner === organisatie || item.deelnemer === organisatie),
      });
    },
    [`POST ${LINKS_PATH}`]: async (request) => {
      const body = (await request.clone().json()) as { partner: string; deelnemer: string };
      const created = link(body.partner, body.deelnemer);
      state.links = [...state.links, created];
      return Response.json(created, { status: 201 });
    },
    // The one link the stub starts with; the server answers 204 without a body.
    [`DELETE ${UNLINK_PATH}`]: () => {
      state.links = state.links.filter((item) => item.partner !== 'Implementatie_Partner_Integra');
      return new Response(null, { status: 204 });
    },
    [`POST ${DEACTIVATE_PATH}`]: setActive(false),
    [`POST ${ACTIVATE_PATH}`]: setActive(true),
    ...overrides,
  });
  return { ...api, state };
}
