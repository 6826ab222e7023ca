import type {
  IssuedWebhookSecret,
  WebhookSecretStatus,
  ConfigListItem,
  ConfigView,
  Conformity,
  ConnectionCheck,
  Sender,
  SenderLogEntry,
} from '@knooppunt/domain';
import { LINKS, LINKS_PATH } from '@/testing/implementation-links';
import { stubApi, type StubHandler } from '@/testing/stub-api';

/** Everything: view, drafts and the create-configuration right. */
export const BEHEER = ['Beheer ziet alles', 'Opdrachtverstrekking Beheren'];
/** A participant's own manager: view and drafts for the own participant. */
export const EIGEN_BEHEER = ['Configuraties Beheren'];
/** View only. */
export const KIJKER = ['Beheer ziet alles'];

const sender = (version: number, running: boolean, maxMessages = 5, maxPerSecond = 0) => ({
  version,
  running,
  maxMessages,
  maxPerSecond,
  changed: '2025-02-03T10:00:00Z',
});

export const ROWS = {
  newest: {
    deelnemer: 'Aannemer_Alfa',
    versienummer: '2.0',
    version: 3,
    draft: false,
    updated: '2025-02-03T10:00:00Z',
    sender: sender(3, true, 4, 10),
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

/** Aannemer_Alfa's signing secret (decision 0061): made on 3 February 2025, no previous one signing. */
export const WEBHOOK_SECRET_STATUS: WebhookSecretStatus = {
  deelnemer: 'Aannemer_Alfa',
  versienummer: '2.0',
  secretSet: true,
  created: '2025-02-03T10:00:00Z',
  previousValidUntil: null,
  graceHours: 24,
};

export const ISSUED_WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

type Handler = StubHandler;

export interface ConfigApi {
  search?: Handler;
  config?: Handler;
  save?: Handler;
  check?: Handler;
  sender?: Handler;
  log?: Handler;
  conformity?: Handler;
  /** The links an implementation partner's user chooses from under 'Namens'. */
  links?: Handler;
  /** The receiver's signing secret: its status, and a new one. */
  webhookSecret?: Handler;
  issueWebhookSecret?: Handler;
}

/** Where the test environment's configuration calls are: production's paths under it (decision 0038). */
export const TEST_PREFIX = '/test';

/**
 * Stubs fetch with the configuration endpoints, of production and alike of the test environment;
 * each can be replaced (a handler tells them apart by the request's path). Answers the calls made.
 */
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
    conformity: () =>
      Response.json({
        deelnemer: 'Aannemer_Alfa',
        vereist: false,
        stromen: [
          { flow: 'aansluiting', side: 'opdrachtnemer', geslaagdOp: null, ontbrekend: [{ id: 'a', naam: 'A' }] },
        ],
      } satisfies Conformity),
    links: () => Response.json(LINKS),
    webhookSecret: () => Response.json(WEBHOOK_SECRET_STATUS),
    issueWebhookSecret: () =>
      Response.json(
        {
          ...WEBHOOK_SECRET_STATUS,
          created: '2025-02-05T09:00:00Z',
          previousValidUntil: '2025-02-06T09:00:00Z',
          secret: ISSUED_WEBHOOK_SECRET,
        } satisfies IssuedWebhookSecret,
        { status: 201 },
      ),
    ...overrides,
  };
  const calls = (prefix: string) => ({
    [`POST ${prefix}/rest/management/config/search`]: handlers.search,
    [`GET ${prefix}/rest/management/config`]: handlers.config,
    [`POST ${prefix}/rest/management/config`]: handlers.save,
    [`PUT ${prefix}/rest/management/config`]: handlers.save,
    [`PATCH ${prefix}/rest/management/config`]: handlers.save,
    [`POST ${prefix}/rest/management/connection-check`]: handlers.check,
    [`GET ${prefix}/rest/management/message-sender/log`]: handlers.log,
    [`PUT ${prefix}/rest/management/message-sender`]: handlers.sender,
    [`PATCH ${prefix}/rest/management/message-sender`]: handlers.sender,
    [`GET ${prefix}/rest/management/config/webhook-secret`]: handlers.webhookSecret,
    [`POST ${prefix}/rest/management/config/webhook-secret`]: handlers.issueWebhookSecret,
  });
  return stubApi({
    ...calls(''),
    ...calls(TEST_PREFIX),
    // Conformity is one for both environments (decision 0040): not passed yet, unless a test says so.
    'GET /rest/testtool/conformiteit': handlers.conformity,
    [`GET ${LINKS_PATH}`]: handlers.links,
    // The value lists are shared: the test environment has no copy of them.
    'GET /rest/valuelist': () =>
      Response.json({
        deelnemers: ['Aannemer_Alfa', 'Netbeheer_Noord'],
        versienummers: { aansluiting: ['2.0'], hoofdnet: ['h1.0'] },
        aannemers: ['Aannemer_Alfa'],
      }),
  });
}
