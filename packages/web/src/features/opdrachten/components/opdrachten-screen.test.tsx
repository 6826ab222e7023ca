import {
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  TERMIJN_TEXTS,
  TITLES,
  type CappedPaged,
  type OpdrachtView,
} from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { stubApi, type StubHandler } from '@/testing/stub-api';
import { OpdrachtenScreen } from './opdrachten-screen';
import { rowAction } from '@/testing/row-action';

const SEARCH = {
  aansluiting: '/rest/management/opdracht/search',
  hoofdnet: '/rest/management/opdracht-hoofdnet/search',
};
const BEHEER = ['Beheer ziet alles'];
const MONITOR = ['Beheer Monitoring'];

const opdracht = (opdrachtId: string, status: OpdrachtView['status'], statusText: string): OpdrachtView => ({
  opdrachtId,
  versienummer: '2.0',
  opdrachtgever: 'Netbeheer_Noord',
  opdrachtnemer: 'Aannemer_Alfa',
  status,
  statusText,
  created: '2025-02-03T09:00:00Z',
  changed: '2025-02-03T10:00:00Z',
});

const ROWS = [
  opdracht('OPD-OPEN', 100, 'Opdracht verstrekt'),
  opdracht('OPD-FOUT', 'error', 'Fout bij verwerken'),
  opdracht('OPD-GEANNULEERD', 910, 'Opdracht geannuleerd'),
  opdracht('OPD-HANDMATIG', 990, 'Opdracht handmatig geannuleerd'),
];

const page = (items: OpdrachtView[]): CappedPaged<OpdrachtView> => ({
  items,
  count: items.length,
  skip: 0,
  limit: 50,
  countIsLowerBound: false,
});

function stub(overrides: { cancel?: StubHandler; items?: OpdrachtView[] } = {}) {
  const items = overrides.items ?? ROWS;
  return stubApi({
    [`POST ${SEARCH.aansluiting}`]: () => Response.json(page(items)),
    [`POST ${SEARCH.hoofdnet}`]: () => Response.json(page(items)),
    'PATCH /rest/management/opdracht/cancel/OPD-OPEN':
      overrides.cancel ??
      (() => Response.json({ ...ROWS[0], status: 990, statusText: 'Opdracht handmatig geannuleerd' })),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: TITLES.opdrachten });
const rowOf = async (opdrachtId: string) => within(table()).findByRole('row', { name: new RegExp(opdrachtId) });

describe('Overzicht van opdrachten', () => {
  it('asks for the open orders by last change, fifty per page, and lists the columns', async () => {
    const api = stub();
    renderWithProviders(<OpdrachtenScreen flow="aansluiting" />, { roles: MONITOR, url: '/opdrachten' });

    expect(screen.getByRole('heading', { name: TITLES.opdrachten })).toBeInTheDocument();
    await rowOf('OPD-OPEN');
    expect(await api.bodies('POST', SEARCH.aansluiting)).toEqual([
      { filters: [{ name: 'status', value: 'Open' }], skip: 0, limit: 50, sortBy: 'changed', sortDirection: 'desc' },
    ]);
    expect(screen.getByRole('combobox', { name: LABELS.monitoring.status })).toHaveTextContent('Open');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      LABELS.monitoring.opdrachtId,
      LABELS.monitoring.versienummer,
      LABELS.monitoring.opdrachtgever,
      LABELS.monitoring.opdrachtnemer,
      LABELS.monitoring.status,
      LABELS.monitoring.created,
      LABELS.monitoring.changed,
    ]);
    // Without the cancel right there is nothing to offer.
    expect(
      within(table()).queryByRole('button', { name: rowAction(LABELS.opdrachten.cancel) }),
    ).not.toBeInTheDocument();
  });

  it('applies a status at once and the text filters on Zoeken, keeping them in the URL', async () => {
    const api = stub();
    const { user, router } = renderWithProviders(<OpdrachtenScreen flow="aansluiting" />, {
      roles: MONITOR,
      url: '/opdrachten',
    });
    await rowOf('OPD-OPEN');

    await user.click(screen.getByRole('combobox', { name: LABELS.monitoring.status }));
    await user.click(screen.getByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Alle'));
    await user.type(screen.getByRole('textbox', { name: LABELS.monitoring.opdrachtnemer }), 'Aannemer_Alfa');
    await user.click(screen.getByRole('button', { name: LABELS.common.search }));

    expect(router.state.location.search).toBe('?opdrachtnemer=Aannemer_Alfa&status=Alle');
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH.aansluiting)).at(-1)).toMatchObject({
        filters: [
          { name: 'opdrachtnemer', value: 'Aannemer_Alfa' },
          { name: 'status', value: 'Alle' },
        ],
      }),
    );
  });

  it("marks an order past a deadline 'Termijn verlopen' beside its status (decision 0063)", async () => {
    stub({ items: [{ ...ROWS[0]!, termijnVerlopen: true }, ROWS[1]!] });
    renderWithProviders(<OpdrachtenScreen flow="aansluiting" />, { roles: MONITOR, url: '/opdrachten' });

    expect(within(await rowOf('OPD-OPEN')).getByText(TERMIJN_TEXTS.verlopen)).toBeInTheDocument();
    expect(within(await rowOf('OPD-FOUT')).queryByText(TERMIJN_TEXTS.verlopen)).not.toBeInTheDocument();
  });

  it("asks for the orders past a deadline alone while 'Alleen termijn verlopen' is ticked, keeping it in the URL", async () => {
    const api = stub();
    const { user, router } = renderWithProviders(<OpdrachtenScreen flow="hoofdnet" />, {
      roles: MONITOR,
      url: '/hoofdnet/opdrachten',
    });
    await rowOf('OPD-OPEN');
    const checkbox = screen.getByRole('checkbox', { name: LABELS.opdrachten.alleenTermijnVerlopen });
    expect(checkbox).not.toBeChecked();

    await user.click(checkbox);

    expect(router.state.location.search).toBe('?termijnVerlopen=true');
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH.hoofdnet)).at(-1)).toMatchObject({
        filters: [
          { name: 'status', value: 'Open' },
          { name: 'termijnVerlopen', value: true },
        ],
      }),
    );
    await user.click(checkbox);
    expect(router.state.location.search).toBe('');
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH.hoofdnet)).at(-1)).toMatchObject({
        filters: [{ name: 'status', value: 'Open' }],
      }),
    );
  });

  it('offers the manual cancel with the right, on every status but 910 and 990', async () => {
    stub();
    renderWithProviders(<OpdrachtenScreen flow="aansluiting" />, { roles: BEHEER, url: '/opdrachten' });

    const cancel = { name: rowAction(LABELS.opdrachten.cancel) };
    expect(within(await rowOf('OPD-OPEN')).getByRole('button', cancel)).toBeInTheDocument();
    expect(within(await rowOf('OPD-FOUT')).getByRole('button', cancel)).toBeInTheDocument();
    expect(within(await rowOf('OPD-GEANNULEERD')).queryByRole('button', cancel)).not.toBeInTheDocument();
    expect(within(await rowOf('OPD-HANDMATIG')).queryByRole('button', cancel)).not.toBeInTheDocument();
  });

  it('cancels after confirmation, shows the success message and fetches the list again', async () => {
    const api = stub();
    const { user } = renderWithProviders(<OpdrachtenScreen flow="aansluiting" />, {
      roles: BEHEER,
      url: '/opdrachten',
    });

    await user.click(
      within(await rowOf('OPD-OPEN')).getByRole('button', { name: rowAction(LABELS.opdrachten.cancel) }),
    );
    const dialog = screen.getByRole('dialog', { name: LABELS.opdrachten.cancel });
    expect(dialog).toHaveTextContent(LABELS.opdrachten.cancelText('OPD-OPEN'));
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.yes }));

    expect(await screen.findByText(SUCCESS_MESSAGES.opdrachtCancelled)).toBeInTheDocument();
    expect(api.calls('PATCH', '/rest/management/opdracht/cancel/OPD-OPEN')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('POST', SEARCH.aansluiting)).toHaveLength(2));
  });

  it("asks first: 'Nee' cancels nothing; a refused cancel shows its alert", async () => {
    const api = stub({ cancel: () => Response.json({ message: 'Kan niet meer.' }, { status: 409 }) });
    const { user } = renderWithProviders(<OpdrachtenScreen flow="aansluiting" />, {
      roles: BEHEER,
      url: '/opdrachten',
    });
    const button = within(await rowOf('OPD-OPEN')).getByRole('button', { name: rowAction(LABELS.opdrachten.cancel) });

    await user.click(button);
    await user.click(screen.getByRole('button', { name: LABELS.common.no }));
    expect(api.calls('PATCH', '/rest/management/opdracht/cancel/OPD-OPEN')).toHaveLength(0);

    await user.click(button);
    await user.click(screen.getByRole('button', { name: LABELS.common.yes }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.cancelOpdracht);
    expect(alert).toHaveTextContent('Kan niet meer.');
  });

  it('shows the Hoofdnet orders thirty per page with their type and plan status, without cancel', async () => {
    const hoofdnet = { ...ROWS[0]!, versienummer: 'h1.0', type: 'Vervanging', planStatusText: 'Definitief' };
    const api = stub({ items: [hoofdnet] });
    renderWithProviders(<OpdrachtenScreen flow="hoofdnet" />, { roles: BEHEER, url: '/hoofdnet/opdrachten' });

    const row = await rowOf('OPD-OPEN');
    expect(row).toHaveTextContent('Vervanging');
    expect(within(row).getByText(LABELS.opdrachten.planStatus('Definitief'))).toBeInTheDocument();
    // Its one button opens the order's history: no cancel.
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([LABELS.opdrachten.historie.title('OPD-OPEN')]);
    expect((await api.bodies('POST', SEARCH.hoofdnet))[0]).toMatchObject({ limit: 30, sortBy: 'changed' });
    expect(screen.getByRole('columnheader', { name: LABELS.monitoring.type })).toBeInTheDocument();
  });

  it("shows a failing Hoofdnet search as 'Fout bij ophalen hoofdnet opdrachten'", async () => {
    stubApi({ [`POST ${SEARCH.hoofdnet}`]: () => Response.json({ message: 'Stuk' }, { status: 500 }) });
    renderWithProviders(<OpdrachtenScreen flow="hoofdnet" />, { roles: MONITOR, url: '/hoofdnet/opdrachten' });

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.fetchHoofdnetOpdrachten);
  });
});
