import type {
  ConnectionInfo,
  IssuedSystemClient,
  Organisation,
  SystemClient,
  SystemClientList,
} from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';

export const CLIENTS = '/rest/clients';
export const ORGANISATIONS_SEARCH = '/rest/organisations/search';
export const rotatePath = (clientId: string) => `${CLIENTS}/${clientId}/geheim`;
export const revokePath = (clientId: string) => `${CLIENTS}/${clientId}/intrekken`;

export const VERBINDING: ConnectionInfo = {
  extern: false,
  issuer: 'https://knooppunt.example/oidc',
  tokenEndpoint: 'https://knooppunt.example/oidc/token',
  audience: 'https://knooppunt.example/api',
  deelnemerClaim: 'deelnemer',
  systeemClaim: 'knooppunt_systeem',
  systeemClaimWaarde: 'ja',
  respijtUren: 24,
  tokenLevensduurSeconden: 600,
};

export const client = (overrides: Partial<SystemClient>): SystemClient => ({
  clientId: 'netbeheer_noord-systeem',
  organisatie: 'Netbeheer_Noord',
  omschrijving: 'Werkorderbeheer',
  methode: 'client_secret_basic',
  omgeving: 'productie',
  status: 'actief',
  aangemaakt: '2025-02-03T09:00:00Z',
  aangemaaktDoor: 'beheer@knooppunt.example',
  geheimVernieuwd: null,
  vorigGeheimGeldigTot: null,
  laatstGebruikt: null,
  ingetrokken: null,
  ingetrokkenDoor: null,
  ...overrides,
});

export const NOORD_CLIENTS = {
  used: client({
    clientId: 'netbeheer_noord-systeem',
    omschrijving: 'Werkorderbeheer',
    laatstGebruikt: '2025-02-05T08:30:00Z',
    geheimVernieuwd: '2025-02-04T09:00:00Z',
    vorigGeheimGeldigTot: '2025-02-05T09:00:00Z',
  }),
  neverUsed: client({
    clientId: 'noord-planning-7f3a',
    omschrijving: 'Planningssysteem',
    aangemaakt: '2025-02-04T12:00:00Z',
  }),
  signed: client({
    clientId: 'noord-gis-1b2c',
    omschrijving: 'GIS-koppeling',
    methode: 'private_key_jwt',
    aangemaakt: '2025-02-02T12:00:00Z',
  }),
  revoked: client({
    clientId: 'noord-oud-9d8e',
    omschrijving: 'Oude koppeling',
    status: 'ingetrokken',
    aangemaakt: '2025-01-01T12:00:00Z',
    ingetrokken: '2025-01-15T12:00:00Z',
    ingetrokkenDoor: 'netbeheer@noord.example',
  }),
} satisfies Record<string, SystemClient>;

export function clientList(
  organisatie: string,
  items: SystemClient[],
  verbinding: Partial<ConnectionInfo> = {},
): SystemClientList {
  return { organisatie, type: 'Netbeheerder', items, verbinding: { ...VERBINDING, ...verbinding } };
}

export const ORGANISATIONS: Organisation[] = [
  { organisatie: 'Aannemer_Alfa', type: 'Aannemer', metadata: { delegerenden: [] }, actief: true },
  { organisatie: 'Combi_Oost', type: 'Combi', metadata: { delegerenden: [] }, actief: true },
  { organisatie: 'Implementatie_BV', type: 'Implementatie partner', metadata: { delegerenden: [] }, actief: true },
  { organisatie: 'Knooppunt_Beheer', type: 'Beheerder', metadata: { delegerenden: [] }, actief: true },
  { organisatie: 'Netbeheer_Noord', type: 'Netbeheerder', metadata: { delegerenden: [] }, actief: true },
];

export const SECRET = 'kp_s3cr3t-9Zx7Qw2Lm5Np8Rt1Vy4';

/** The answer to a create or rotate; `null`: a private_key_jwt client, without a secret. */
export function issued(clientOverrides: Partial<SystemClient>, geheim: string | null = SECRET): IssuedSystemClient {
  return { client: client(clientOverrides), ...(geheim ? { geheim } : {}), tokenEndpoint: VERBINDING.tokenEndpoint };
}

/**
 * Stubs the clients calls and the organisations search. By default the list answers Netbeheer_Noord's
 * clients for any organisation; every handler can be replaced.
 */
export function stubClientsApi(handlers: Record<string, StubHandler> = {}) {
  return stubApi({
    [`GET ${CLIENTS}`]: (request) =>
      Response.json(
        clientList(
          new URL(request.url).searchParams.get('organisatie') ?? 'Netbeheer_Noord',
          Object.values(NOORD_CLIENTS),
        ),
      ),
    [`POST ${ORGANISATIONS_SEARCH}`]: () =>
      Response.json({ items: ORGANISATIONS, count: ORGANISATIONS.length, skip: 0, limit: 0 }),
    ...handlers,
  });
}
