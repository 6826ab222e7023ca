import type { ConfigListItem, ConfigView, ConnectionCheck, Sender, SenderLogEntry } from '@knooppunt/domain';
import { vi } from 'vitest';

/** Everything: view, drafts and the create-configuration right. */
export const BEHEER = ['Beheer ziet alles', 'Opdrachtverstrekking Beheren'];
/** A participant's own manager: view and drafts for the own participant. */
export const EIGEN_BEHEER = ['Configuraties Beheren'];
/** View only. */
export const KIJKER = ['Beheer ziet alles'];

const sender = (version: number, running: boolean, maxMessages = 5) => ({
  version,
  running,
  maxMessages,
  changed: '2025-02-03T10:00:00Z',
});

export const ROWS = {
  newest: {
    deelnemer: 'Aannemer_Alfa',
    versienummer: '2.0',
    version: 3,
    draft: false,
    updated: '2025-02-03T10:00:00Z',
    sender: sender(3, true, 4),
  },
  behind: {
    deelnemer: 'Netbeheer_Noord',
    versienummer: '2.0',
    version: 2,
    draft: false,
    updated: '2025-02-02T10:00:00Z',
    sender: sender(1, true),
  },
  draft: {
    deelnemer: 'Netbeheer_Noord',
    versienummer: '2.0',
    version: 3,
    draft: true,
    updated: '2025-02-04T10:00:00Z',
  },
  paused: {
    deelnemer: 'Combi_Oost',
    versienummer: '2.0',
    version: 1,
    draft: false,
    updated: '2025-02-01T10:00:00Z',
    sender: sender(1, false),
  },
  noSender: {
    deelnemer: 'Aannemer_Beta',
    versienummer: '2.0',
    version: 1,
    draft: false,
    updated: '2025-01-01T10:00:00Z',
  },
} satisfies Record<string, ConfigListItem>;

export const OPDRACHTGEVER_TYPES = ['Bijstelling', 'Planning', 'TG', 'AGA', 'AGP', 'AnnuleringGereed'];
export const OPDRACHTNEMER_TYPES = [
  'Opdracht',
  'BeoordelingTG',
  'BeoordelingAGA',
  'BeoordelingAGP',
  'OpdrachtGereed',
  'Annulering',
];

export const CONFIG_VIEW: ConfigView = {
  deelnemer: 'Aannemer_Alfa',
  versienummer: '2.0',
  version: 3,
  draft: false,
  updated: '2025-02-03T10:00:00Z',
  config: {
    clientId: 'alfa-client',
    clientSecretSet: true,
    tokenUrl: 'https://auth.alfa.example/token',
    scope: '',
    emails: ['ops@alfa.example', 'it@alfa.example'],
    useMtls: false,
    urls: Object.fromEntries(OPDRACHTNEMER_TYPES.map((type) => [type, `https://alfa.example/${type}`])),
  },
};

type Handler = (request: Request) => Response | Promise<Response>;

export interface ConfigApi {
  search?: Handler;
  config?: Handler;
  save?: Handler;
  check?: Handler;
  sender?: Handler;
  log?: Handler;
}

/** Stubs fetch with the configuration endpoints; each can be replaced. Answers the calls made. */
export function stubConfigApi(overrides: ConfigApi = {}) {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  const handlers: Required<ConfigApi> = {
    search: () => Response.json({ items: Object.values(ROWS), count: 5, skip: 0, limit: 10 }),
    config: () => Response.json(CONFIG_VIEW),
    save: async (request) => Response.json({ ...CONFIG_VIEW, draft: true, ...(await request.clone().json()) }),
    check: () =>
      Response.json({
        results: { tokenUrl: { success: true, message: 'OK', details: [] }, urls: {} },
      } satisfies ConnectionCheck),
    sender: async (request) =>
      Response.json({ ...ROWS.newest, ...ROWS.newest.sender, ...(await request.clone().json()) } satisfies Sender),
    log: () => Response.json([] satisfies SenderLogEntry[]),
    ...overrides,
  };
  fetchMock.mockImplementation(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/rest/management/config/search') return handlers.search(request);
    if (pathname === '/rest/management/config')
      return request.method === 'GET' ? handlers.config(request) : handlers.save(request);
    if (pathname === '/rest/management/connection-check') return handlers.check(request);
    if (pathname === '/rest/management/message-sender/log') return handlers.log(request);
    if (pathname === '/rest/management/message-sender') return handlers.sender(request);
    if (pathname === '/rest/valuelist') {
      return Response.json({
        deelnemers: ['Aannemer_Alfa', 'Netbeheer_Noord'],
        versienummers: { aansluiting: ['2.0'], hoofdnet: ['h1.0'] },
      });
    }
    return new Response('not stubbed', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);

  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .map(([request]) => request)
      .filter((request) => request.method === method && new URL(request.url).pathname === path);
  return {
    fetchMock,
    calls,
    /** The JSON bodies of the calls to one endpoint, oldest first. */
    bodies: (method: string, path: string) =>
      Promise.all(calls(method, path).map((request) => request.clone().json() as Promise<unknown>)),
  };
}
