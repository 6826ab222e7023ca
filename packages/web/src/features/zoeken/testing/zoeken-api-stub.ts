import {
  BERICHT_VERSIES,
  DISCIPLINES,
  type ComparedScenario,
  type Lookup,
  type ScenarioRow,
  type Version,
} from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';

/** A contractor who may search the published rules. */
export const ZOEKER = ['Coordinerende Aannemer', 'Business rules Zoeken'];

export const LOOKUP: Lookup = {
  berichtVersies: [...BERICHT_VERSIES],
  disciplines: [...DISCIPLINES],
  netbeheerders: ['Netbeheer_Noord', 'Netbeheer_Zuid'],
  werkzaamheden: {},
  ingangsdatums: {},
};

const version = (id: string, versie: number, omschrijving: string, ingangsdatum: string): Version => ({
  _id: id,
  omschrijving,
  netbeheerder: 'Netbeheer_Noord',
  versie,
  berichtVersie: '2.0',
  created: '2025-04-01T10:00:00Z',
  ingangsdatum,
});

export const VERSIONS = {
  voorjaar: version('v1', 1, 'Bedrijfsregels 2025 voorjaar', '2025-05-23'),
  najaar: version('v2', 2, 'Bedrijfsregels 2025 najaar', '2025-09-01'),
};

const WERK = {
  aansluiting: 'Nieuw',
  binnenwerk: 'Ja',
  meter: 'Plaatsen',
  typeAansluiting: '3x25A',
  fysiekeStatus: 'In bedrijf',
  wijzigenCapaciteit: 'Nee',
};

const result = (id: string, omschrijving: string, discipline: string): ScenarioRow => ({
  _id: id,
  omschrijving,
  netbeheerder: 'Netbeheer_Noord',
  berichtVersie: '2.0',
  discipline,
  versie: 2,
  werkzaamheden: WERK,
  created: '2025-04-01T10:00:00Z',
  changed: '2025-04-01T10:00:00Z',
});

export const RESULTS = [result('r1', 'Nieuwe elektra-aansluiting', 'Elektra'), result('r2', 'Gas wijzigen', 'Gas')];

/** A row of version 2 compared with version 1: ids and omschrijvingen as [older, newer] (spec 001 §3). */
const compared = (
  ids: ComparedScenario['_id'],
  omschrijving: ComparedScenario['omschrijving'],
  discipline: string,
  verschil: ComparedScenario['verschil'],
): ComparedScenario => {
  const { _id: _ignored, omschrijving: _name, ...row } = result('', '', discipline);
  return { ...row, versie: ids[1] ? 2 : 1, _id: ids, omschrijving, verschil };
};

export const COMPARED: ComparedScenario[] = [
  compared([null, 'c1'], [null, 'Glasvezel huisaansluiting'], 'Glas', 'toegevoegd'),
  compared(['p2', 'c2'], ['Gasaansluiting wijzigen', 'Gasaansluiting wijzigen'], 'Gas', 'gewijzigd'),
  compared(['p3', null], ['Wateraansluiting verwijderen', null], 'Water', 'verwijderd'),
  compared(
    ['p4', 'c4'],
    ['Nieuwe elektra-aansluiting met meter', 'Nieuwe elektra-aansluiting (met slimme meter)'],
    'Elektra',
    null,
  ),
];

const page = <T>(items: T[]) => Response.json({ items, count: items.length, skip: 0, limit: 25 });

export interface ZoekenApi {
  versions?: StubHandler;
  rules?: StubHandler;
  compare?: StubHandler;
}

/** Stubs fetch with the calls of /zoeken; each can be replaced. */
export function stubZoekenApi(overrides: ZoekenApi = {}) {
  const handlers: Required<ZoekenApi> = {
    versions: () => page(Object.values(VERSIONS)),
    rules: () => page(RESULTS),
    compare: () => page(COMPARED),
    ...overrides,
  };
  const api = stubApi({
    'GET /rest/lookup': () => Response.json(LOOKUP),
    'GET /rest/version': handlers.versions,
    'GET /rest/rules': handlers.rules,
    'GET /rest/version/v2/compare/v1': handlers.compare,
  });
  const queries = (path: string) =>
    api.calls('GET', path).map((request) => Object.fromEntries(new URL(request.url).searchParams));
  return { ...api, queries };
}

/** The URL value of a chosen version. */
export const inUrl = (v: Version) => `${v._id}~${v.netbeheerder}~${v.berichtVersie}~${v.versie}~${v.ingangsdatum}`;
