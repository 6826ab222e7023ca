import { ERROR_TITLES, TITLES, type CappedPaged, type LeveringView } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';
import { LeveringenScreen } from './leveringen-screen';

const SEARCH = '/rest/management/levering/search';
const MONITOR = ['Beheer Monitoring'];

const LEVERING: LeveringView = {
  opdrachtId: 'OPD-H1',
  leveringId: 'OPD-H1-DL1',
  opdrachtgever: 'Netbeheer_Noord',
  opdrachtnemer: 'Aannemer_Alfa',
  messageType: 'BeoordelingLevering',
  type: 'Deellevering',
  statusText: 'Goedgekeurd',
  created: '2025-02-03T09:00:00Z',
  changed: '2025-02-03T10:00:00Z',
};

function stub() {
  return stubApi({
    [`POST ${SEARCH}`]: () =>
      Response.json({
        items: [LEVERING],
        count: 1,
        skip: 0,
        limit: 30,
        countIsLowerBound: false,
      } satisfies CappedPaged<LeveringView>),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: TITLES.leveringen });

describe('Overzicht van leveringen', () => {
  it('lists the leveringen by last change, thirty per page, with the columns of the spec', async () => {
    const api = stub();
    renderWithProviders(<LeveringenScreen />, { roles: MONITOR, url: '/hoofdnet/leveringen' });

    const row = await within(table()).findByRole('row', { name: /OPD-H1-DL1/ });
    expect(row).toHaveTextContent('Goedgekeurd');
    expect(row).toHaveTextContent('BeoordelingLevering');
    expect(row).toHaveTextContent('Deellevering');
    expect(await api.bodies('POST', SEARCH)).toEqual([
      { filters: [], skip: 0, limit: 30, sortBy: 'changed', sortDirection: 'desc' },
    ]);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      LABELS.monitoring.opdrachtId,
      LABELS.leveringen.leveringId,
      LABELS.monitoring.opdrachtgever,
      LABELS.monitoring.opdrachtnemer,
      LABELS.monitoring.status,
      LABELS.leveringen.bericht,
      LABELS.monitoring.type,
      LABELS.monitoring.created,
      LABELS.monitoring.changed,
    ]);
    expect(screen.getByText('1-1 van 1')).toBeInTheDocument();
  });

  it('filters on errors at once, on the opdrachtgever with Enter, and sorts on created', async () => {
    const api = stub();
    const { user, router } = renderWithProviders(<LeveringenScreen />, { roles: MONITOR, url: '/hoofdnet/leveringen' });
    await within(table()).findByRole('row', { name: /OPD-H1-DL1/ });

    await user.click(screen.getByRole('switch', { name: LABELS.monitoring.errorOnly }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=error'));
    await user.type(screen.getByRole('textbox', { name: LABELS.monitoring.opdrachtgever }), 'Netbeheer_Noord{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?opdrachtgever=Netbeheer_Noord&status=error'));
    await user.click(screen.getByRole('button', { name: LABELS.monitoring.created }));

    expect(router.state.location.search).toBe('?opdrachtgever=Netbeheer_Noord&status=error&sort=created&order=asc');
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH)).at(-1)).toEqual({
        filters: [
          { name: 'opdrachtgever', value: 'Netbeheer_Noord' },
          { name: 'status', value: 'error' },
        ],
        skip: 0,
        limit: 30,
        sortBy: 'created',
        sortDirection: 'asc',
      }),
    );
    expect(screen.queryByRole('button', { name: LABELS.monitoring.opdrachtId })).not.toBeInTheDocument();
  });

  it("shows a failing search as 'Fout bij ophalen leveringen'", async () => {
    stubApi({ [`POST ${SEARCH}`]: () => Response.json({ message: 'Stuk' }, { status: 500 }) });
    renderWithProviders(<LeveringenScreen />, { roles: MONITOR, url: '/hoofdnet/leveringen' });

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.fetchLeveringen);
  });

  it("says a failing search once, in the table with 'Opnieuw proberen', without an alert over the page besides", async () => {
    stubApi({ [`POST ${SEARCH}`]: () => Response.json({ message: 'Database niet bereikbaar' }, { status: 500 }) });
    renderWithProviders(<LeveringenScreen />, { roles: MONITOR, url: '/hoofdnet/leveringen' });

    const retry = await within(table()).findByRole('button', { name: LABELS.common.retry });
    const alert = within(table()).getByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchLeveringen);
    expect(alert).toContainElement(retry);
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    expect(screen.getAllByText('Database niet bereikbaar')).toHaveLength(1);
  });
});
