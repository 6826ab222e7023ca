import type { ConfigListItem, ConfigView, ConnectionCheck, Sender, SenderLogEntry } from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';

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

type Handler = StubHandler;

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
  const handlers: Required<ConfigApi> = {
    search: () => Response.json({ items: Object.values(ROWS), count: 5, skip: 0, limit: 10 }),
    config: () => Response.json(CONFIG_VIEW),
    save: async (request) => Response.json({ ...CONFIG_VIEW, draft: true, ...(await request.clone().json()) }),
    check: () =>
      Response.json({
        results: { tokenUrl: { success: true, message: 'OK', details: [] } },
      } satisfies ConnectionCheck),
    sender: async (request) =>
      Response.json({ ...ROWS.newest, ...ROWS.newest.sender, ...(await request.clone().json()) } satisfies Sender),
    log: () => Response.json([] satisfies SenderLogEntry[]),
    ...overrides,
  };
  return stubApi({
    'POST /rest/management/config/search': handlers.search,
    'GET /rest/management/config': handlers.config,
    'POST /rest/management/config': handlers.save,
    'PUT /rest/management/config': handlers.save,
    'PATCH /rest/management/config': handlers.save,
    'POST /rest/management/connection-check': handlers.check,
    'GET /rest/management/message-sender/log': handlers.log,
    'PUT /rest/management/message-sender': handlers.sender,
    'PATCH /rest/management/message-sender': handlers.sender,
    'GET /rest/valuelist': () =>
      Response.json({
        deelnemers: ['Aannemer_Alfa', 'Netbeheer_Noord'],
        versienummers: { aansluiting: ['2.0'], hoofdnet: ['h1.0'] },
      }),
  });
}
