import {
  BERICHT_VERSIES,
  DISCIPLINES,
  DRAFT,
  ruleTreeOf,
  WERKZAAMHEDEN_WAARDEN,
  type Lookup,
  type Scenario,
  type ScenarioRow,
} from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';

/** A grid operator's editor (the test session's deelnemer is Netbeheer_Noord). */
export const EDITOR = ['Netbeheerder', 'Business rules Concept Bewerken'];
/** A grid operator's staff who may only look at the concepts. */
export const VIEWER = ['Netbeheerder', 'Business rules Concept Bekijken'];

export const LOOKUP: Lookup = {
  berichtVersies: [...BERICHT_VERSIES],
  disciplines: [...DISCIPLINES],
  netbeheerders: ['Netbeheer_Noord', 'Netbeheer_Zuid'],
  werkzaamheden: Object.fromEntries(Object.entries(WERKZAAMHEDEN_WAARDEN).map(([kind, values]) => [kind, [...values]])),
  ingangsdatums: { '1.36': ['2024-12-02', '2025-03-03'], '2.0': ['2025-05-23', '2025-09-01', '2025-12-01'] },
};

const WERK = {
  aansluiting: 'Nieuw',
  binnenwerk: 'Ja',
  meter: 'Plaatsen',
  typeAansluiting: '3x25A',
  fysiekeStatus: 'In bedrijf',
  wijzigenCapaciteit: 'Nee',
};

const row = (id: string, omschrijving: string, netbeheerder: string, discipline = 'Elektra'): ScenarioRow => ({
  _id: id,
  omschrijving,
  netbeheerder,
  berichtVersie: '2.0',
  discipline,
  versie: DRAFT,
  werkzaamheden: WERK,
  created: '2025-02-01T10:00:00Z',
  changed: '2025-02-01T10:00:00Z',
});

export const ROWS = {
  own: row('s1', 'Nieuwe elektra-aansluiting', 'Netbeheer_Noord'),
  other: row('s2', 'Gasaansluiting Zuid', 'Netbeheer_Zuid', 'Gas'),
};

/** A concept of Netbeheer_Noord with the catalogue's Gas trees; 'fotos' required, 'drukklasse' forbidden. */
export const SCENARIO: Scenario = {
  ...ROWS.own,
  discipline: 'Gas',
  tgRules: ruleTreeOf('Gas', 'tg').map((node) =>
    node.id.endsWith('-fotos')
      ? { ...node, verplichting: 'Ja' }
      : node.id.endsWith('-drukklasse')
        ? { ...node, verplichting: 'Nee' }
        : node,
  ),
  agaRules: ruleTreeOf('Gas', 'aga'),
  gelijk: 1,
};

export interface ScenarioApi {
  lookup?: StubHandler;
  search?: StubHandler;
  create?: StubHandler;
  patch?: StubHandler;
  copy?: StubHandler;
  remove?: StubHandler;
  publish?: StubHandler;
  scenario?: StubHandler;
  pair?: StubHandler;
}

const created = (body: unknown) => Response.json(body, { status: 201 });

/** Stubs fetch with the business-rules endpoints of these screens; each can be replaced. */
export function stubScenarioApi(overrides: ScenarioApi = {}) {
  const handlers: Required<ScenarioApi> = {
    lookup: () => Response.json(LOOKUP),
    search: () => Response.json({ items: Object.values(ROWS), count: 2, skip: 0, limit: 25 }),
    create: async (request) => created({ ...SCENARIO, ...(await request.clone().json()) }),
    patch: async (request) => Response.json({ ...SCENARIO, ...(await request.clone().json()) }),
    copy: async (request) => created({ ...SCENARIO, ...(await request.clone().json()) }),
    remove: () => new Response(null, { status: 204 }),
    publish: async (request) => created({ _id: 'v1', versie: 1, ...(await request.clone().json()) }),
    scenario: () => Response.json(SCENARIO),
    pair: () => Response.json({ scenario: SCENARIO, compared: SCENARIO }),
    ...overrides,
  };
  const api = stubApi({
    'GET /rest/lookup': handlers.lookup,
    'GET /rest/rules': handlers.search,
    'POST /rest/rules': handlers.create,
    'POST /rest/version': handlers.publish,
  });
  // Calls on one scenario carry its id in the path.
  const byId = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (request) => {
    const path = new URL(request.url).pathname;
    if (/^\/rest\/rules\/[^/]+\/compare\/[^/]+$/.test(path) && request.method === 'GET') return handlers.pair(request);
    if (/^\/rest\/rules\/[^/]+$/.test(path)) {
      const handler = {
        GET: handlers.scenario,
        PATCH: handlers.patch,
        POST: handlers.copy,
        DELETE: handlers.remove,
      }[request.method];
      if (handler) return handler(request);
    }
    return byId!(request);
  });
  /** The query of every list call, as name-value pairs, oldest first. */
  const searches = () =>
    api.calls('GET', '/rest/rules').map((request) => Object.fromEntries(new URL(request.url).searchParams));
  /** The calls made to paths under /rest/rules/… with this method. */
  const callsOn = (method: string) =>
    api.fetchMock.mock.calls
      .map(([request]) => request)
      .filter((request) => request.method === method && new URL(request.url).pathname.startsWith('/rest/rules/'));
  return { ...api, searches, callsOn };
}
