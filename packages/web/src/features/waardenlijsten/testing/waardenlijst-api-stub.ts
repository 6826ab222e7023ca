import {
  BERICHT_VERSIES,
  DISCIPLINES,
  valueTreeOf,
  waardenlijstOmschrijving,
  type Lookup,
  type PatchWaarde,
  type ValueNode,
  type Waardenlijst,
  type WaardenlijstRow,
} from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';

/** Edits the concept rules (and so value lists) of the user's own netbeheerder. */
export const EDITOR = ['Netbeheerder', 'Business rules Concept Bewerken'];
/** Looks only. */
export const VIEWER = ['Netbeheerder', 'Business rules Concept Bekijken'];
export const OWN = 'Netbeheer_Noord';
export const OTHER = 'Netbeheer_Zuid';

export const LOOKUP: Lookup = {
  berichtVersies: [...BERICHT_VERSIES],
  disciplines: [...DISCIPLINES],
  netbeheerders: [OWN, OTHER, 'Netbeheer_West'],
  werkzaamheden: {},
  ingangsdatums: {},
};

const row = (id: string, netbeheerder: string, discipline: 'Elektra' | 'Gas'): WaardenlijstRow => ({
  _id: id,
  netbeheerder,
  discipline,
  berichtVersie: '2.0',
  omschrijving: waardenlijstOmschrijving(discipline, '2.0', netbeheerder),
  created: '2025-02-01T10:00:00.000Z',
  changed: '2025-02-01T10:00:00.000Z',
});

export const ROWS = {
  ownGas: row('wl-1', OWN, 'Gas'),
  otherElektra: row('wl-2', OTHER, 'Elektra'),
} satisfies Record<string, WaardenlijstRow>;

/** A Gas list as the server creates it: every value allowed. */
export function gasList(netbeheerder: string): Waardenlijst {
  return {
    ...row('wl-1', netbeheerder, 'Gas'),
    tgWaardenlijsten: valueTreeOf('Gas', 'tg'),
    agaWaardenlijsten: valueTreeOf('Gas', 'aga'),
  };
}

function setWaarde(nodes: ValueNode[], { id, waarde, toegestaan }: PatchWaarde): ValueNode[] {
  return nodes.map((node) => ({
    ...node,
    waarden:
      node.id === id
        ? node.waarden.map((candidate) => (candidate.waarde === waarde ? { waarde, toegestaan } : candidate))
        : node.waarden,
    waardenlijsten: setWaarde(node.waardenlijsten, { id, waarde, toegestaan }),
  }));
}

/**
 * The value-list calls of the portal, answered as the server would: the overview's page, the
 * lookup, and one list whose PATCH changes it. `overrides` replaces single endpoints.
 */
export function stubWaardenlijstApi(options: { list?: Waardenlijst; overrides?: Record<string, StubHandler> } = {}) {
  let list = options.list ?? gasList(OWN);
  const rows = Object.values(ROWS);
  return stubApi({
    'GET /rest/lookup': () => Response.json(LOOKUP),
    'GET /rest/waardenlijst': () => Response.json({ items: rows, count: rows.length, skip: 0, limit: 25 }),
    'POST /rest/waardenlijst': async (request) =>
      Response.json({ ...list, ...((await request.clone().json()) as object) }, { status: 201 }),
    'DELETE /rest/waardenlijst/wl-1': () => new Response(null, { status: 204 }),
    'GET /rest/waardenlijst/wl-1': () => Response.json(list),
    'PATCH /rest/waardenlijst/wl-1': async (request) => {
      const body = (await request.clone().json()) as PatchWaarde;
      list = {
        ...list,
        tgWaardenlijsten: setWaarde(list.tgWaardenlijsten, body),
        agaWaardenlijsten: setWaarde(list.agaWaardenlijsten, body),
      };
      return Response.json(list);
    },
    ...options.overrides,
  });
}

/** The query of the overview's GET calls, oldest first, as plain objects. */
export function listQueries(api: ReturnType<typeof stubApi>): Record<string, string>[] {
  return api
    .calls('GET', '/rest/waardenlijst')
    .map((request) => Object.fromEntries(new URL(request.url).searchParams.entries()));
}
