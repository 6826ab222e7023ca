import {
  ERROR_TITLES,
  TERMIJN_TEXTS,
  TITLES,
  type CappedPaged,
  type OpdrachtHistory,
  type OpdrachtHistoryBericht,
  type OpdrachtView,
} from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { stubApi, type StubHandler } from '@/testing/stub-api';
import { OpdrachtenScreen } from './opdrachten-screen';

const T = LABELS.opdrachten.historie;
const MONITOR = ['Beheer Monitoring'];

const row: OpdrachtView = {
  opdrachtId: 'OPD-1',
  versienummer: '2.0',
  opdrachtgever: 'Netbeheer_Noord',
  opdrachtnemer: 'Aannemer_Alfa',
  status: 'error',
  statusText: 'Gepland',
  created: '2025-02-03T09:00:00Z',
  changed: '2025-02-03T10:00:00Z',
};

const bericht = (
  id: string,
  type: string,
  [sender, receiver]: [string, string],
  rest: Partial<OpdrachtHistoryBericht>,
): OpdrachtHistoryBericht => ({
  id,
  type,
  versienummer: '2.0',
  sender,
  receiver,
  created: '2025-02-03T09:00:00Z',
  deliveredAt: null,
  failedAttempts: 0,
  lastAttempt: null,
  nextAttempt: null,
  err: null,
  status: null,
  statusText: null,
  planStatusText: null,
  data: { opdrachtId: 'OPD-1' },
  dataRemoved: null,
  receipt: null,
  ...rest,
});

const HISTORY: OpdrachtHistory = {
  opdrachtId: 'OPD-1',
  versienummer: '2.0',
  flow: 'aansluiting',
  opdrachtgever: 'Netbeheer_Noord',
  opdrachtnemer: 'Aannemer_Alfa',
  status: 200,
  statusText: 'Gepland',
  inError: true,
  type: null,
  planStatusText: null,
  created: '2025-02-03T09:00:00Z',
  changed: '2025-02-03T10:00:00Z',
  berichten: [
    bericht('m-1', 'Opdracht', ['Netbeheer_Noord', 'Aannemer_Alfa'], {
      deliveredAt: '2025-02-03T09:00:02Z',
      status: 100,
      statusText: 'Opdracht verstrekt',
      receipt: {
        index: 0,
        batch: 'header.leaves.signature',
        claims: {
          id: 'm-1',
          opdrachtId: 'OPD-1',
          type: 'Opdracht',
          versienummer: '2.0',
          flow: 'aansluiting',
          sender: 'Netbeheer_Noord',
          receiver: 'Aannemer_Alfa',
          sha256: 'a'.repeat(64),
          acceptedAt: '2025-02-03T09:00:00.000Z',
          deliveredAt: '2025-02-03T09:00:02.000Z',
          status: 202,
          attempt: 1,
          iat: 1738573202,
        },
      },
    }),
    bericht('m-2', 'Planning', ['Aannemer_Alfa', 'Netbeheer_Noord'], {
      created: '2025-02-03T09:30:00Z',
      failedAttempts: 3,
      lastAttempt: '2025-02-03T09:45:00Z',
      nextAttempt: '2025-02-03T10:15:00Z',
      err: { msg: 'Afleveren mislukt: HTTP 503', traceId: 'trace-2' },
      status: 200,
      statusText: 'Gepland',
      data: { opdrachtId: 'OPD-1', planDatum: '2025-03-01' },
    }),
  ],
  leveringen: [],
  acties: [
    {
      at: '2025-02-03T09:50:00Z',
      action: 'message.retry',
      actionText: 'Bericht opnieuw verstuurd',
      actor: 'Knooppunt_Beheer',
      actorDeelnemer: 'Knooppunt_Beheer',
      actingFor: null,
      berichten: ['m-2'],
      toelichting: null,
    },
  ],
  termijnen: [],
};

const page = (items: OpdrachtView[]): CappedPaged<OpdrachtView> => ({
  items,
  count: items.length,
  skip: 0,
  limit: 50,
  countIsLowerBound: false,
});

function stub(historie: StubHandler = () => Response.json(HISTORY), items = [row]) {
  return stubApi({
    'POST /rest/management/opdracht/search': () => Response.json(page(items)),
    'POST /rest/management/opdracht-hoofdnet/search': () => Response.json(page(items)),
    'GET /rest/opdrachten/OPD-1/historie': historie,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openHistory(flow: 'aansluiting' | 'hoofdnet' = 'aansluiting') {
  const view = renderWithProviders(<OpdrachtenScreen flow={flow} />, { roles: MONITOR, url: '/opdrachten' });
  const table = await screen.findByRole('table', { name: TITLES.opdrachten });
  await view.user.click(await within(table).findByRole('button', { name: T.title('OPD-1') }));
  return { ...view, panel: await screen.findByRole('dialog', { name: T.title('OPD-1') }) };
}

/** A section's facts as term → value, in order. */
function factsOf(element: HTMLElement) {
  const terms = within(element).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('the history of an order', () => {
  it('opens from its row with the order, its messages in order with their delivery, and the actions', async () => {
    const api = stub();
    const { panel } = await openHistory();

    expect(await within(panel).findByText(T.berichten)).toBeInTheDocument();
    expect(api.calls('GET', '/rest/opdrachten/OPD-1/historie')).toHaveLength(1);
    expect(factsOf(panel)).toMatchObject({
      [LABELS.monitoring.status]: `Gepland${T.inError}`,
      [LABELS.monitoring.opdrachtgever]: 'Netbeheer_Noord',
      [LABELS.monitoring.opdrachtnemer]: 'Aannemer_Alfa',
      [LABELS.monitoring.created]: formatDateTime('2025-02-03T09:00:00Z'),
    });
    const messages = within(within(panel).getByRole('region', { name: T.berichten })).getAllByRole('button');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toHaveTextContent('Opdracht');
    expect(messages[0]).toHaveTextContent('Opdracht verstrekt');
    expect(messages[0]).toHaveTextContent(T.route('Netbeheer_Noord', 'Aannemer_Alfa'));
    expect(messages[0]).toHaveTextContent(`${T.afgeleverd} ${formatDateTime('2025-02-03T09:00:02Z')}`);
    expect(messages[0]).toHaveTextContent(T.ontvangstbewijs(202, 1));
    expect(messages[1]).not.toHaveTextContent(T.ontvangstbewijs(202, 1));
    expect(messages[1]).toHaveTextContent(`${T.geaccepteerd} ${formatDateTime('2025-02-03T09:30:00Z')}`);
    expect(messages[1]).toHaveTextContent(
      `${T.mislukt(3)}, ${T.laatstePoging} ${formatDateTime('2025-02-03T09:45:00Z')}`,
    );
    expect(messages[1]).toHaveTextContent('Afleveren mislukt: HTTP 503');
    expect(messages[1]).toHaveTextContent(`${T.volgendePoging} ${formatDateTime('2025-02-03T10:15:00Z')}`);

    const acties = within(panel).getByRole('region', { name: T.acties });
    expect(acties).toHaveTextContent('Bericht opnieuw verstuurd');
    expect(acties).toHaveTextContent('Knooppunt_Beheer');
    expect(acties).toHaveTextContent(T.betreft('Planning'));
    // Aansluiting orders have no leveringen.
    expect(within(panel).queryByRole('region', { name: T.leveringen })).not.toBeInTheDocument();
  });

  it("opens a message in Berichten' own panel over it, and Sluiten goes back to the history", async () => {
    stub();
    const { user, panel } = await openHistory();
    await user.click(await within(panel).findByRole('button', { name: /^Planning/ }));

    const messagePanel = await screen.findByRole('dialog', { name: LABELS.berichten.panelTitle('Planning', 'OPD-1') });
    expect(within(messagePanel).getByRole('region', { name: LABELS.berichten.delivery.title })).toHaveTextContent(
      LABELS.berichten.delivery.notDelivered,
    );
    expect(messagePanel.querySelector('pre')?.textContent).toContain('"planDatum": "2025-03-01"');
    expect(messagePanel.querySelector('pre')?.textContent).toContain('"_id": "m-2"');

    await user.click(within(messagePanel).getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Planning/ })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: T.title('OPD-1') })).toBeInTheDocument();
  });

  it('shows a Hoofdnet order with its type, plan status and leveringen', async () => {
    stub(() =>
      Response.json({
        ...HISTORY,
        versienummer: 'h1.0',
        flow: 'hoofdnet',
        type: 'Vervanging',
        planStatusText: 'Definitief',
        leveringen: [
          {
            leveringId: 'OPD-1-DL1',
            type: 'Deellevering',
            messageType: 'Deellevering',
            statusText: 'Ingediend',
            created: '2025-02-04T09:00:00Z',
            changed: '2025-02-04T09:00:00Z',
          },
        ],
        acties: [],
      } satisfies OpdrachtHistory),
    );
    const { panel } = await openHistory('hoofdnet');

    const leveringen = await within(panel).findByRole('table', { name: T.leveringen });
    expect(within(leveringen).getByRole('row', { name: /OPD-1-DL1/ })).toHaveTextContent('DeelleveringIngediend');
    expect(factsOf(panel)).toMatchObject({ [T.planStatus]: 'Definitief', [LABELS.monitoring.type]: 'Vervanging' });
    expect(within(panel).getByRole('region', { name: T.acties })).toHaveTextContent(T.geenActies);
  });

  it('downloads the evidence file as JSON and as PDF, and says so when that fails', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:dossier';
        }
        static override revokeObjectURL = vi.fn();
      },
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    let fails = false;
    const api = stubApi({
      'POST /rest/management/opdracht/search': () => Response.json(page([row])),
      'GET /rest/opdrachten/OPD-1/historie': () => Response.json(HISTORY),
      'GET /rest/opdrachten/OPD-1/bewijsdossier': () =>
        fails
          ? Response.json({ message: 'Stuk' }, { status: 500 })
          : new Response('{"bewijsdossier":{}}', { headers: { 'content-type': 'application/json' } }),
    });
    const { user, panel } = await openHistory();

    await user.click(await within(panel).findByRole('button', { name: T.bewijsdossier }));
    await waitFor(() => expect(clicked).toEqual([T.bewijsdossierBestand('OPD-1', 'json')]));
    expect(await blobs[0]!.text()).toBe('{"bewijsdossier":{}}');
    await user.click(within(panel).getByRole('button', { name: T.bewijsdossierPdf }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]).toBe(T.bewijsdossierBestand('OPD-1', 'pdf'));
    expect(api.calls('GET', '/rest/opdrachten/OPD-1/bewijsdossier').map((call) => call.url)).toEqual([
      expect.stringContaining('formaat=json'),
      expect.stringContaining('formaat=pdf'),
    ]);

    fails = true;
    await user.click(within(panel).getByRole('button', { name: T.bewijsdossier }));
    expect(await screen.findByText(ERROR_TITLES.downloadBewijsdossier)).toBeInTheDocument();
    expect(clicked).toHaveLength(2);
  });

  it('shows no Termijnen section for an order without deadlines', async () => {
    stub();
    const { panel } = await openHistory();

    expect(await within(panel).findByRole('region', { name: T.berichten })).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: T.termijnen })).not.toBeInTheDocument();
  });

  it('shows how each of its deadlines went: started, due, answered and its state (decision 0063)', async () => {
    stub(() =>
      Response.json({
        ...HISTORY,
        termijnen: [
          {
            termijnId: 't-1',
            omschrijving: 'Planning binnen 1 werkdag na Opdracht',
            van: { berichtId: 'm-1', at: '2025-02-03T09:00:02Z' },
            uiterlijk: '2025-02-04T22:59:59Z',
            tot: { berichtId: 'm-2', at: '2025-02-03T09:30:00Z' },
            stand: 'op tijd',
          },
          {
            termijnId: 't-2',
            omschrijving: 'TG binnen 48 uur na Planning',
            van: { berichtId: 'm-2', at: '2025-02-03T09:45:00Z' },
            uiterlijk: '2025-02-05T09:45:00Z',
            tot: null,
            stand: 'verlopen',
          },
        ],
      } satisfies OpdrachtHistory),
    );
    const { panel } = await openHistory();

    const termijnen = await within(panel).findByRole('region', { name: T.termijnen });
    const [planning, tg] = within(termijnen).getAllByRole('listitem');
    expect(planning).toHaveTextContent('Planning binnen 1 werkdag na Opdracht');
    expect(factsOf(planning!)).toEqual({
      [T.gestart]: formatDateTime('2025-02-03T09:00:02Z'),
      [T.uiterlijk]: formatDateTime('2025-02-04T22:59:59Z'),
      [T.beantwoord]: formatDateTime('2025-02-03T09:30:00Z'),
    });
    expect(within(planning!).getByText(TERMIJN_TEXTS.stand['op tijd'])).toBeInTheDocument();
    expect(tg).toHaveTextContent('TG binnen 48 uur na Planning');
    expect(factsOf(tg!)[T.beantwoord]).toBe(T.nietBeantwoord);
    expect(within(tg!).getByText(TERMIJN_TEXTS.verlopen)).toBeInTheDocument();
  });

  it("says in the panel and in an alert that the history could not be loaded, with 'Opnieuw proberen'", async () => {
    const api = stub(() => Response.json({ message: 'Stuk' }, { status: 500 }));
    const { user, panel } = await openHistory();

    expect(await within(panel).findByText(T.fetchFailed)).toBeInTheDocument();
    expect(await screen.findByText(ERROR_TITLES.fetchOpdrachtHistorie)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: LABELS.common.retry }));
    await waitFor(() => expect(api.calls('GET', '/rest/opdrachten/OPD-1/historie')).toHaveLength(2));
  });
});
