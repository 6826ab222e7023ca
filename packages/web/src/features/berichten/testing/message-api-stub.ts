import type { BulkRetryJob, CappedPaged, MessageView, MonitoringValuelist } from '@knooppunt/domain';
import { LINKS, LINKS_PATH } from '@/testing/implementation-links';
import { stubApi, type StubHandler } from '@/testing/stub-api';

export const SEARCH = '/rest/management/message/search';
export const VALUELIST = '/rest/management/valuelist';
export const RETRY = {
  aansluiting: '/rest/management/message/retry',
  hoofdnet: '/rest/management/message-hoofdnet/retry',
};

export const BULK_RETRY = '/rest/management/message/bulk-retry';
export const BULK_RETRY_COUNT = `${BULK_RETRY}/count`;
export const BULK_JOB_ID = '00000000-0000-4000-8000-0000000000b1';
export const BULK_JOB = `${BULK_RETRY}/${BULK_JOB_ID}`;

/** A bulk resend job as the server answers it; `running` with nothing done unless changed. */
export const bulkJob = (overrides: Partial<BulkRetryJob> = {}): BulkRetryJob => ({
  id: BULK_JOB_ID,
  state: 'running',
  filters: {},
  total: 1234,
  done: 0,
  skipped: 0,
  failed: 0,
  created: '2025-02-03T09:00:00Z',
  finished: null,
  ...overrides,
});

const message = (overrides: Partial<MessageView>): MessageView => ({
  _id: '00000000-0000-4000-8000-000000000001',
  opdrachtId: 'OPD-1',
  sender: 'Netbeheer_Noord',
  receiver: 'Aannemer_Gamma',
  type: 'Opdracht',
  versienummer: '2.0',
  created: '2025-02-03T09:00:00Z',
  failedAttempts: 0,
  lastAttempt: null,
  nextAttempt: '2025-02-03T09:00:00Z',
  deliveredAt: null,
  data: { omschrijving: 'Nieuwe aansluiting' },
  err: null,
  dataRemoved: null,
  ...overrides,
});

export const MESSAGES = {
  failed: message({
    _id: '00000000-0000-4000-8000-000000000001',
    opdrachtId: 'OPD-FOUT',
    failedAttempts: 3,
    lastAttempt: '2025-02-03T09:05:00Z',
    nextAttempt: '2025-02-03T09:10:00Z',
    err: { msg: 'Token ophalen mislukt: geen geldigheid', traceId: 'trace-123' },
  }),
  waiting: message({ _id: '00000000-0000-4000-8000-000000000002', opdrachtId: 'OPD-WACHT', type: 'TG' }),
  deliveredAfterAll: message({
    _id: '00000000-0000-4000-8000-000000000003',
    opdrachtId: 'OPD-LATER',
    failedAttempts: 1,
    lastAttempt: '2025-02-03T09:05:00Z',
    nextAttempt: null,
    deliveredAt: '2025-02-03T09:07:30Z',
    err: { msg: 'Afleveren mislukt: HTTP 500', traceId: 'trace-456' },
  }),
} satisfies Record<string, MessageView>;

export const PARTIES: MonitoringValuelist = {
  senders: ['Aannemer_Alfa', 'Netbeheer_Noord'],
  receivers: ['Aannemer_Gamma', 'Netbeheer_Noord'],
};

/**
 * Stubs the message search, the value list, both resend calls, the bulk resend's calls and the
 * links an implementation partner's user chooses from; each can be replaced. By default the bulk
 * resend counts 1234 messages and its job runs, then finishes, and no job runs when a screen opens.
 */
export function stubMessageApi(
  overrides: {
    search?: StubHandler;
    retry?: StubHandler;
    count?: StubHandler;
    start?: StubHandler;
    job?: StubHandler;
    /** The organisation's running jobs; none by default. */
    running?: StubHandler;
    links?: StubHandler;
  } = {},
) {
  const retry: StubHandler =
    overrides.retry ??
    (async (request) => Response.json({ ...MESSAGES.failed, ...((await request.clone().json()) as object) }));
  return stubApi({
    [`POST ${SEARCH}`]:
      overrides.search ??
      (() =>
        Response.json({
          items: Object.values(MESSAGES),
          count: 3,
          skip: 0,
          limit: 50,
          countIsLowerBound: false,
        } satisfies CappedPaged<MessageView>)),
    [`GET ${VALUELIST}`]: () => Response.json(PARTIES),
    [`POST ${RETRY.aansluiting}`]: retry,
    [`POST ${RETRY.hoofdnet}`]: retry,
    [`POST ${BULK_RETRY_COUNT}`]: overrides.count ?? (() => Response.json({ count: 1234 })),
    [`POST ${BULK_RETRY}`]: overrides.start ?? (() => Response.json(bulkJob(), { status: 202 })),
    [`GET ${BULK_RETRY}`]: overrides.running ?? (() => Response.json({ items: [] })),
    [`GET ${LINKS_PATH}`]: overrides.links ?? (() => Response.json(LINKS)),
    [`GET ${BULK_JOB}`]:
      overrides.job ??
      (() => Response.json(bulkJob({ state: 'finished', done: 1234, finished: '2025-02-03T09:00:05Z' }))),
  });
}
