import { ERROR_TITLES, TITLES, type Organisation, type Paged } from '@knooppunt/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { OrganisatiesScreen } from './organisaties-screen';

const VIEWER = ['Beheer User Viewers'];

const organisations: Organisation[] = [
  { organisatie: 'Aannemer_Alpha', type: 'Aannemer', metadata: { delegerenden: [] } },
  {
    organisatie: 'Gedelegeerd_Oost',
    type: 'Gedelegeerd netbeheerder',
    metadata: { delegerenden: ['Netbeheer_Noord', 'Netbeheer_Zuid'] },
  },
];

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    Response.json({ items: organisations, count: 42, skip: 0, limit: 10 } satisfies Paged<Organisation>),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function lastSearchBody(): Promise<unknown> {
  const request = fetchMock.mock.lastCall?.[0];
  return request?.clone().json();
}

describe('Organisaties', () => {
  it('lists the organisations with the paging label', async () => {
    renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });

    expect(screen.getByRole('heading', { name: TITLES.organisaties })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: TITLES.organisaties });
    expect(await within(table).findByText('Aannemer_Alpha')).toBeInTheDocument();
    expect(within(table).getByText('Netbeheer_Noord, Netbeheer_Zuid')).toBeInTheDocument();
    expect(screen.getByText('1-2 van 42')).toBeInTheDocument();
    expect(await lastSearchBody()).toEqual({
      filters: [],
      skip: 0,
      limit: 10,
      sortBy: 'organisatie',
      sortDirection: 'asc',
    });
  });

  it('searches with the filters on Enter and keeps them in the URL', async () => {
    const { user, router } = renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });
    await screen.findByText('Aannemer_Alpha');

    await user.type(screen.getByRole('textbox', { name: LABELS.organisaties.organisatie }), 'alpha{Enter}');

    await vi.waitFor(async () =>
      expect(await lastSearchBody()).toMatchObject({ filters: [{ name: 'organisatie', value: 'alpha' }], skip: 0 }),
    );
    expect(router.state.location.search).toBe('?organisatie=alpha');
  });

  it('starts from the filters in the URL and resets them', async () => {
    const { user, router } = renderWithProviders(<OrganisatiesScreen />, {
      roles: VIEWER,
      url: '/organisaties?organisatie=alpha&type=Aannemer&page=2',
    });
    const name = screen.getByRole('textbox', { name: LABELS.organisaties.organisatie });
    expect(name).toHaveValue('alpha');
    await vi.waitFor(async () =>
      expect(await lastSearchBody()).toMatchObject({
        filters: [
          { name: 'organisatie', value: 'alpha' },
          { name: 'type', value: 'Aannemer' },
        ],
        skip: 10,
      }),
    );

    await user.click(screen.getByRole('button', { name: LABELS.common.reset }));

    expect(name).toHaveValue('');
    expect(router.state.location.search).toBe('');
    await vi.waitFor(async () => expect(await lastSearchBody()).toMatchObject({ filters: [], skip: 0 }));
  });

  it('shows a failing search as an error alert', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }));
    renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchOrganisations);
    expect(alert).toHaveTextContent('Database niet bereikbaar');
  });

  it("offers 'Nieuwe organisatie' only to users who may create users", async () => {
    renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });
    await screen.findByText('Aannemer_Alpha');

    expect(screen.queryByRole('button', { name: LABELS.organisaties.newOrganisation })).not.toBeInTheDocument();
  });
});
