import { CONFORMANCE_TEXTS, type RunView } from '@knooppunt/domain';
import { LINKS, LINKS_PATH, partnerWith } from '@/testing/implementation-links';
import { stubApi, type StubHandler } from '@/testing/stub-api';
import type { ScenarioList } from '../api/get-scenarios';

export const SCENARIOS_PATH = '/rest/testtool/scenarios';
export const RUNS_PATH = '/rest/testtool/runs';
export const runPath = (id: string) => `${RUNS_PATH}/${id}`;
export const stopPath = (id: string) => `${RUNS_PATH}/${id}/stop`;
export const CHECK_PATH = '/rest/testtool/controleren';
export const SEND_PATH = '/rest/testtool/versturen';
export const PROBE_PATH = '/rest/testtool/proefbericht';

/** An aannemer's developer with the Testtool (spec 001 §6: an optional role of the Aannemer group). */
export const PARTICIPANT = { roles: ['Coordinerende Aannemer', 'Testtool Verzenden'], deelnemer: 'Aannemer_Alfa' };
/** Knooppunt's own staff, who test for any participant. */
export const MANAGER = {
  roles: ['Beheer ziet alles', 'Testtool Verzenden', 'Testtool Beheren'],
  deelnemer: 'Knooppunt',
};

/** A developer of an implementation partner that builds aannemers' systems (decision 0041). */
export const PARTNER = partnerWith('Testtool Verzenden');

export const SCENARIOS: ScenarioList = {
  items: [
    {
      id: 'aansluiting-gereed',
      flow: 'aansluiting',
      naam: 'Van opdracht tot gereed',
      stappen: [
        { type: 'Opdracht', senderSide: 'opdrachtgever' },
        { type: 'Planning', senderSide: 'opdrachtnemer' },
        { type: 'TG', senderSide: 'opdrachtnemer' },
        { type: 'BeoordelingTG', senderSide: 'opdrachtgever', akkoord: true },
      ],
    },
    {
      id: 'aansluiting-annulering',
      flow: 'aansluiting',
      naam: 'Met Annulering',
      stappen: [
        { type: 'Opdracht', senderSide: 'opdrachtgever' },
        { type: 'Annulering', senderSide: 'opdrachtgever' },
      ],
    },
    {
      id: 'hoofdnet-gereed',
      flow: 'hoofdnet',
      naam: 'Van opdracht tot gereed',
      stappen: [
        { type: 'OpdrachtHoofdnet', senderSide: 'opdrachtgever' },
        { type: 'BeoordelingHoofdnet', senderSide: 'opdrachtnemer', akkoord: true },
        { type: 'PlanningHoofdnet', senderSide: 'opdrachtnemer' },
      ],
    },
  ],
};

const run = (overrides: Partial<RunView>): RunView => ({
  id: '0b7c2c4e-0000-4000-8000-000000000001',
  deelnemer: 'Aannemer_Alfa',
  flow: 'aansluiting',
  side: 'opdrachtnemer',
  scenario: { id: 'aansluiting-gereed', naam: 'Van opdracht tot gereed', stappen: 4 },
  opdrachtId: 'CONF-1A2B3C4D',
  status: 'lopend',
  step: 0,
  stepTimeoutSeconds: 600,
  reason: null,
  started: '2026-03-02T10:00:00Z',
  startedBy: 'dev@alfa.example',
  ended: null,
  steps: [],
  ...overrides,
});

export const RUNS = {
  /** Waits for the participant's Planning; Knooppunt refused a TG sent too early. */
  waiting: run({
    step: 1,
    steps: [
      {
        index: 0,
        type: 'Opdracht',
        door: 'simulator',
        status: 'geslaagd',
        begonnen: '2026-03-02T10:00:00Z',
        klaar: '2026-03-02T10:00:01.250Z',
        ms: 1250,
        berichtId: 'msg-opdracht-1',
        pogingen: 1,
      },
      {
        index: 1,
        type: 'Planning',
        door: 'deelnemer',
        status: 'lopend',
        begonnen: '2026-03-02T10:00:01.250Z',
        weigeringen: [
          {
            at: '2026-03-02T10:01:00Z',
            type: 'TG',
            status: 409,
            message: 'TG past niet bij status 100 van de opdracht.',
          },
        ],
      },
    ],
    verwacht: { type: 'Planning', versienummer: '2.0', opdrachtId: 'CONF-1A2B3C4D', data: { planDatum: '2026-03-09' } },
  }),
  /** The simulator's Opdracht never reached the participant's test callback. */
  undelivered: run({
    id: '0b7c2c4e-0000-4000-8000-000000000002',
    opdrachtId: 'CONF-5E6F7A8B',
    started: '2026-03-01T09:00:00Z',
    status: 'mislukt',
    ended: '2026-03-01T09:10:00Z',
    reason: CONFORMANCE_TEXTS.notDelivered(600, 'HTTP 500'),
    steps: [
      {
        index: 0,
        type: 'Opdracht',
        door: 'simulator',
        status: 'mislukt',
        begonnen: '2026-03-01T09:00:00Z',
        klaar: '2026-03-01T09:10:00Z',
        ms: 600000,
        berichtId: 'msg-opdracht-2',
        pogingen: 4,
        laatsteFout: { msg: 'HTTP 500', traceId: 'trace-9f8e7d' },
      },
    ],
  }),
  /** The participant answered the Hoofdnet order with something else than its assessment. */
  wrongAnswer: run({
    id: '0b7c2c4e-0000-4000-8000-000000000003',
    flow: 'hoofdnet',
    scenario: { id: 'hoofdnet-gereed', naam: 'Van opdracht tot gereed', stappen: 3 },
    opdrachtId: 'CONF-9C0D1E2F',
    started: '2026-02-28T08:00:00Z',
    status: 'mislukt',
    step: 1,
    ended: '2026-02-28T08:02:00Z',
    reason: CONFORMANCE_TEXTS.wrongAnswer('BeoordelingHoofdnet (akkoord)', 'PlanningHoofdnet'),
    steps: [
      {
        index: 0,
        type: 'OpdrachtHoofdnet',
        door: 'simulator',
        status: 'geslaagd',
        begonnen: '2026-02-28T08:00:00Z',
        ms: 800,
      },
      {
        index: 1,
        type: 'BeoordelingHoofdnet',
        door: 'deelnemer',
        status: 'mislukt',
        begonnen: '2026-02-28T08:00:01Z',
        ms: 119000,
        berichtId: 'msg-planning-3',
        ontvangen: { type: 'PlanningHoofdnet' },
      },
    ],
  }),
  passed: run({
    id: '0b7c2c4e-0000-4000-8000-000000000004',
    scenario: { id: 'aansluiting-annulering', naam: 'Met Annulering', stappen: 2 },
    opdrachtId: 'CONF-3A4B5C6D',
    started: '2026-02-27T08:00:00Z',
    status: 'geslaagd',
    step: 2,
    ended: '2026-02-27T08:00:05Z',
  }),
} satisfies Record<string, RunView>;

const json = (body: unknown, status = 200) => Response.json(body, { status });

/**
 * The Testtool's calls with the runs above (newest first) and the partner's links; `overrides`
 * replaces or adds endpoints (the single messages have none by default).
 */
export function stubTesttoolApi(overrides: Record<string, StubHandler> = {}) {
  const runs: RunView[] = Object.values(RUNS);
  return stubApi({
    [`GET ${SCENARIOS_PATH}`]: () => json(SCENARIOS),
    [`GET ${RUNS_PATH}`]: () => json({ items: runs }),
    [`GET ${LINKS_PATH}`]: () => json(LINKS),
    ...Object.fromEntries(runs.map((item) => [`GET ${runPath(item.id)}`, () => json(item)])),
    ...overrides,
  });
}
